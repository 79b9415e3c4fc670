import { APIConnectionError, APITimeoutError, APIUserAbortError } from './errors.ts';

/** How a request is retried and how long each attempt may take. */
export interface RetryPolicy {
  /** Retries after the first attempt. @default 2 */
  maxRetries: number;
  /** Milliseconds an attempt may wait for the response headers. @default 60_000 */
  timeout: number;
}

// A server asking for a longer pause than this gets its 429 passed to the caller instead of a
// silent, very long wait: the caller then decides (RateLimitError carries `retryAfterSeconds`).
const MAX_RETRY_AFTER_MS = 60_000;
const INITIAL_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;

const userAbort = (signal: AbortSignal) =>
  new APIUserAbortError('The request was aborted.', { cause: signal.reason });

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(userAbort(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(userAbort(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Exponential backoff with up to 25 % jitter, so many clients hit by one outage spread out. */
function backoff(attempt: number): number {
  return Math.min(INITIAL_DELAY_MS * 2 ** attempt, MAX_DELAY_MS) * (1 - Math.random() * 0.25);
}

/** `Retry-After` as integer seconds (what this service sends) or an HTTP date. */
function retryAfterMs(headers: Headers): number | undefined {
  const value = headers.get('Retry-After');
  if (value === null) return undefined;
  const ms = /^\d+$/.test(value.trim()) ? Number(value) * 1000 : Date.parse(value) - Date.now();
  return Number.isFinite(ms) ? Math.max(ms, 0) : undefined;
}

function isRetryableStatus(response: Response, request: Request): boolean {
  if (response.status === 408 || response.status === 429 || response.status >= 500) return true;
  // A 409 with `Retry-After` to a retry-safe request means an identical one (same Idempotency-Key)
  // is still running; any other 409 (a key rolled already) is a state conflict a retry cannot fix.
  return (
    response.status === 409 && request.headers.has('Idempotency-Key') && response.headers.has('Retry-After')
  );
}

/**
 * The innermost reason a fetch failed: `fetch failed` tells nothing, its `cause` (an
 * `ECONNREFUSED 127.0.0.1:3000`, a DNS failure, a reset) is what a person needs to read.
 */
function rootReason(error: unknown): string {
  let reason: unknown = error;
  while (reason instanceof Error && reason.cause !== undefined) reason = reason.cause;
  if (reason instanceof AggregateError && reason.errors.length > 0) reason = reason.errors[0];
  if (!(reason instanceof Error)) return String(reason);
  const { code, address, port } = reason as Error & { code?: string; address?: string; port?: number };
  if (code && address) return `${code} ${address}${port === undefined ? '' : `:${port}`}`;
  return reason.message || String(error);
}

async function attempt(fetchFn: typeof fetch, request: Request, timeout: number): Promise<Response> {
  if (request.signal.aborted) throw userAbort(request.signal);
  const controller = new AbortController();
  const onAbort = () => controller.abort(request.signal.reason);
  request.signal.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => controller.abort(), timeout);
  try {
    // A clone per attempt, because a request body can be read only once.
    return await fetchFn(request.clone(), { signal: controller.signal });
  } catch (error) {
    if (request.signal.aborted) throw userAbort(request.signal);
    if (controller.signal.aborted) {
      throw new APITimeoutError(`No response within ${timeout} ms.`, { cause: error });
    }
    throw new APIConnectionError(`Connection error: ${rootReason(error)}`, { cause: error });
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener('abort', onAbort);
  }
}

/**
 * Wraps `fetch` with per-attempt timeouts and retries: connection errors, timeouts, 408, 429 and
 * 5xx (and 409 for requests with an `Idempotency-Key`), with exponential backoff and jitter or the
 * server's `Retry-After`. A `POST` is retried only when it carries an `Idempotency-Key`, since
 * repeating any other `POST` could apply it twice.
 *
 * @example
 * const retryingFetch = createRetryingFetch(globalThis.fetch, { maxRetries: 2, timeout: 10_000 });
 * const response = await retryingFetch('http://localhost:3000/healthz');
 */
export function createRetryingFetch(fetchFn: typeof fetch, policy: RetryPolicy): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const retrySafe = request.method !== 'POST' || request.headers.has('Idempotency-Key');
    for (let retries = 0; ; retries++) {
      const mayRetry = retrySafe && retries < policy.maxRetries;
      let response: Response;
      try {
        response = await attempt(fetchFn, request, policy.timeout);
      } catch (error) {
        if (!mayRetry || !(error instanceof APIConnectionError)) throw error;
        await sleep(backoff(retries), request.signal);
        continue;
      }
      if (!mayRetry || !isRetryableStatus(response, request)) return response;
      const delay = retryAfterMs(response.headers) ?? backoff(retries);
      if (delay > MAX_RETRY_AFTER_MS) return response;
      // Release the connection before waiting; the body of a response we retry is never read. Not
      // awaited: a cancel may never settle (msw's responses on Node 20), and nothing waits on it.
      response.body?.cancel().catch(() => undefined);
      await sleep(delay, request.signal);
    }
  };
}
