import { retryAfterHeaders } from '../../domain/retry-after.ts';
import { ApiError } from './api-error.ts';

/** How long a client should wait before retrying during an outage: reconnects take about that. */
const RETRY_AFTER_SECONDS = 2;

/**
 * The answer to a request a dependency outage stopped (a database that does not answer): `503
 * service_unavailable` with `Retry-After` and `retry-after-ms`, so clients and the SDK retry instead of giving up, and
 * the cause kept for the log, never shown. The server's stores and the mocks' scenarios use it.
 *
 * @example throw serviceUnavailable('The database', { cause: error });
 */
export function serviceUnavailable(
  what: string,
  options: { cause?: unknown; retryAfterSeconds?: number } = {},
): ApiError {
  const retryAfter = options.retryAfterSeconds ?? RETRY_AFTER_SECONDS;
  return new ApiError(
    'service_unavailable',
    `${what} does not answer at the moment; retry in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
    { headers: retryAfterHeaders(retryAfter), cause: options.cause },
  );
}
