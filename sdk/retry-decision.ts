// A server asking for a longer pause than this gets its answer passed to the caller instead of a
// silent, very long wait: the caller then decides (RateLimitError carries `retryAfterSeconds`).
export const MAX_RETRY_WAIT_MS = 60_000;
const INITIAL_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;

/**
 * Exponential backoff with up to 25 % jitter before retry number `retry` (from 1), so many clients
 * hit by one outage spread out.
 *
 * @example backoff(1) // between 375 and 500
 */
export function backoff(retry: number): number {
  return Math.min(INITIAL_DELAY_MS * 2 ** (retry - 1), MAX_DELAY_MS) * (1 - Math.random() * 0.25);
}

/** The wait a server asked for, in milliseconds, and the header that said so. */
export interface ServerDelay {
  ms: number;
  header: 'retry-after-ms' | 'Retry-After';
}

/**
 * The wait the server asks for: `retry-after-ms` first (milliseconds, as the Stainless family of
 * SDKs reads it), else `Retry-After` (whole seconds, what this service sends beside it, or an HTTP
 * date). A value that is not a wait counts as absent.
 *
 * @example serverDelay(new Headers({ 'retry-after-ms': '1500', 'Retry-After': '2' })) // { ms: 1500, header: 'retry-after-ms' }
 */
export function serverDelay(headers: Headers): ServerDelay | undefined {
  const ms = headers.get('retry-after-ms')?.trim() ?? '';
  if (/^\d+(\.\d+)?$/.test(ms)) return { ms: Number(ms), header: 'retry-after-ms' };
  const value = headers.get('Retry-After')?.trim();
  if (value === undefined) return undefined;
  const wait = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - Date.now();
  return Number.isFinite(wait) ? { ms: Math.max(wait, 0), header: 'Retry-After' } : undefined;
}

/**
 * Why an answer is worth another attempt, or `undefined` when it is not: a hook's `retry()`, else
 * the server's `x-should-retry` (`true` or `false`), else the status of an error: 408, 429, 5xx, and
 * a 409 with `Retry-After` for a request with an `Idempotency-Key`.
 *
 * @example retryReason(new Response(null, { status: 503 }), request, false) // 'status 503'
 */
export function retryReason(response: Response, request: Request, hookAsked: boolean): string | undefined {
  if (hookAsked) return 'a hook asked for it';
  if (response.status < 400) return undefined;
  const said = response.headers.get('x-should-retry');
  if (said === 'true') return 'x-should-retry: true';
  if (said === 'false') return undefined;
  const { status } = response;
  if (status === 408 || status === 429 || status >= 500) return `status ${status}`;
  // A 409 with `Retry-After` to a retry-safe request means an identical one (same Idempotency-Key)
  // is still running; any other 409 (a key rolled already) is a state conflict a retry cannot fix.
  if (status === 409 && request.headers.has('Idempotency-Key') && response.headers.has('Retry-After'))
    return 'status 409 (the same Idempotency-Key is still running)';
  return undefined;
}
