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
 * date). A value that is not a wait counts as absent; one too long to count is over any limit.
 *
 * @example serverDelay(new Headers({ 'retry-after-ms': '1500', 'Retry-After': '2' })) // { ms: 1500, header: 'retry-after-ms' }
 */
export function serverDelay(headers: Headers): ServerDelay | undefined {
  const ms = headers.get('retry-after-ms')?.trim() ?? '';
  if (/^\d+(\.\d+)?$/.test(ms)) return { ms: Number(ms), header: 'retry-after-ms' };
  const value = headers.get('Retry-After')?.trim() ?? '';
  if (/^\d+$/.test(value)) return { ms: Number(value) * 1000, header: 'Retry-After' };
  const date = httpDate(value);
  return date === undefined ? undefined : { ms: Math.max(date - Date.now(), 0), header: 'Retry-After' };
}

const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
const TIME = '\\d{2}:\\d{2}:\\d{2}';
const IMF_FIXDATE = new RegExp(`^${DAY}, \\d{2} ${MONTH} \\d{4} ${TIME} GMT$`);
const RFC_850 = new RegExp(
  `^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \\d{2}-${MONTH}-\\d{2} ${TIME} GMT$`,
);
const ASCTIME = new RegExp(`^${DAY} ${MONTH} [ \\d]\\d ${TIME} \\d{4}$`);

/**
 * The time an HTTP-date names (RFC 9110: IMF-fixdate, or the obsolete RFC 850 and asctime forms,
 * all in GMT), in milliseconds since the epoch; `undefined` for anything else, which `Date.parse`
 * would otherwise read as some date (`-1`, `1.5`).
 */
function httpDate(value: string): number | undefined {
  let time = Number.NaN;
  if (IMF_FIXDATE.test(value) || RFC_850.test(value)) time = Date.parse(value);
  else if (ASCTIME.test(value)) time = Date.parse(`${value} GMT`);
  return Number.isFinite(time) ? time : undefined;
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
