/** Socket errors of a connection that broke or never formed. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that cannot serve now: class 08 (connection exception), 53300 (too many
 * connections), 57P01-57P03 (shut down by an administrator, crashed, starting up), 57014 (a
 * statement cancelled by a timeout).
 */
const UNAVAILABLE_STATES = /^(08...|53300|57P0[123]|57014)$/;

/** What node-postgres says when a connection ends, cannot be had in time, or a query times out. */
const DRIVER_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|connection error and is not queryable|Client was closed and is not queryable/i;

/**
 * Whether an error from node-postgres means the database is away (refused, reset, timed out, the
 * pool exhausted past its wait, shut down) rather than that a statement or our code is wrong: the
 * first answers 503 and is retried, the second stays a 500.
 *
 * @example if (isPostgresOutage(error)) throw serviceUnavailable('The database', { cause: error });
 */
export function isPostgresOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code } = error as { code?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
  // Node reports a refusal on every address of a host as one AggregateError.
  if (error instanceof AggregateError) return error.errors.some(isPostgresOutage);
  return DRIVER_MESSAGES.test(error.message);
}
