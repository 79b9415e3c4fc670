/**
 * The headers that say how long to wait before retrying, on every `429` and `503` of the service:
 * `Retry-After` in whole seconds (RFC 9110), and `retry-after-ms`, the same wait in milliseconds,
 * which the SDKs of the Stainless family (this service's SDK too) read first.
 *
 * @example retryAfterHeaders(2) // { 'Retry-After': '2', 'retry-after-ms': '2000' }
 */
export function retryAfterHeaders(seconds: number): Record<string, string> {
  return { 'Retry-After': String(seconds), 'retry-after-ms': String(seconds * 1000) };
}
