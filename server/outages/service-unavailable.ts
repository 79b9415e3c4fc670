import { ApiError } from '../../core/index.ts';

/** How long a client should wait before retrying during an outage: reconnects take about that. */
const RETRY_AFTER_SECONDS = 2;

/**
 * The answer to a request a dependency outage stopped (a database that does not answer): `503
 * service_unavailable` with `Retry-After`, so clients and the SDK retry instead of giving up, and
 * the cause kept for the log, never shown.
 *
 * @example throw serviceUnavailable('The database', error);
 */
export function serviceUnavailable(what: string, cause: unknown): ApiError {
  return new ApiError(
    'service_unavailable',
    `${what} does not answer at the moment; retry in ${RETRY_AFTER_SECONDS} seconds.`,
    { headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) }, cause },
  );
}
