const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id of a request: the client's `X-Request-Id` when it is well-formed (so a client's own
 * tracing id carries through), else a new one from `make`.
 *
 * @example requestIdOf('abc-123', () => crypto.randomUUID()) // 'abc-123'
 */
export function requestIdOf(sent: string | string[] | null | undefined, make: () => string): string {
  return typeof sent === 'string' && WELL_FORMED.test(sent) ? sent : make();
}
