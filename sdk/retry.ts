import { attempt, sleep } from './attempt.ts';
import { APIConnectionError, CourseServiceError } from './errors.ts';
import { type HookContext, type Hooks, runHooks } from './hooks.ts';
import { type Log, redactedHeaders } from './logging.ts';
import { backoff, MAX_RETRY_WAIT_MS, retryReason, serverDelay } from './retry-decision.ts';

/** How a request is retried and how long each attempt may take. */
export interface RetryPolicy {
  /** Retries after the first attempt. @default 2 */
  maxRetries: number;
  /** Milliseconds an attempt may wait for the response headers. @default 60_000 */
  timeout: number;
}

/** What every attempt of a call goes through besides `fetch`: the client's hooks and log, and its credential. */
export interface AttemptSetup {
  /** The operation the call makes, for the hooks' context and the log. */
  operationId?: string | undefined;
  hooks?: Hooks | undefined;
  log?: Log | undefined;
  /** Puts a fresh credential on a retry's request: credential functions are asked again. */
  reauthorize?: ((request: Request) => Promise<void>) | undefined;
}

const path = (request: Request) => {
  const url = new URL(request.url);
  return url.pathname + url.search;
};
const times = (n: number) => `${n} attempt${n === 1 ? '' : 's'}`;

/**
 * Runs the `onRequest` hooks on `fresh`, and gives back a request that can still be sent: a hook
 * may read the body of the request it is handed (to sign it), which would leave nothing to send,
 * so the body is then restored from a copy taken before the hooks.
 */
async function hookedRequest(hooks: Hooks, fresh: Request, context: HookContext): Promise<Request> {
  if (hooks.onRequest === undefined) return fresh;
  const spare = fresh.body === null ? undefined : fresh.clone();
  const request = await runHooks(hooks.onRequest, fresh, context);
  if (!request.bodyUsed) {
    spare?.body?.cancel().catch(() => undefined);
    return request;
  }
  if (request !== fresh || spare === undefined)
    throw new CourseServiceError(
      'An onRequest hook returned a Request whose body was already read: read request.clone() instead.',
    );
  return new Request(request, { body: await spare.arrayBuffer() });
}

/**
 * Wraps `fetch` with per-attempt timeouts, hooks, logging and retries: connection errors,
 * timeouts, 408, 429 and 5xx (and 409 for requests with an `Idempotency-Key`), unless the server's
 * `x-should-retry` says otherwise or a hook asks for one, after the server's `retry-after-ms` or
 * `Retry-After`, else exponential backoff with jitter. A `POST` is retried only when it carries an
 * `Idempotency-Key`, since repeating any other `POST` could apply it twice.
 *
 * @example
 * const retryingFetch = createRetryingFetch(globalThis.fetch, { maxRetries: 2, timeout: 10_000 });
 * const response = await retryingFetch('http://localhost:3000/healthz');
 */
export function createRetryingFetch(
  fetchFn: typeof fetch,
  policy: RetryPolicy,
  { operationId, hooks = {}, log = {}, reauthorize }: AttemptSetup = {},
): typeof fetch {
  return async (input, init) => {
    const original = new Request(input, init);
    const { signal } = original;
    const label = operationId ?? `${original.method} ${path(original)}`;
    // The key the first attempt went out with, a hook's included: every retry repeats it.
    let idempotencyKey = original.headers.get('Idempotency-Key');
    for (let n = 1; ; n++) {
      const context = { operationId, attempt: n };
      // A clone per attempt, because a request body can be read only once.
      const fresh = original.clone();
      if (n > 1) await reauthorize?.(fresh);
      if (idempotencyKey !== null) fresh.headers.set('Idempotency-Key', idempotencyKey);
      const request = await hookedRequest(hooks, fresh, context);
      if (n === 1) idempotencyKey = request.headers.get('Idempotency-Key');
      else if (idempotencyKey !== null) request.headers.set('Idempotency-Key', idempotencyKey);
      const retrySafe = request.method !== 'POST' || idempotencyKey !== null;
      const mayRetry = retrySafe && n <= policy.maxRetries;
      log.debug?.(
        `${label} attempt ${n}: ${request.method} ${path(request)} ${redactedHeaders(request.headers)}`,
      );
      const started = Date.now();
      let response: Response;
      try {
        response = await attempt(fetchFn, request, signal, policy.timeout);
      } catch (error) {
        const failure = error as CourseServiceError;
        log.debug?.(
          `${label} attempt ${n}: no response after ${Date.now() - started} ms: ${failure.message}`,
        );
        await runHooks(hooks.onError, failure, context);
        if (!(failure instanceof APIConnectionError)) throw failure;
        if (!mayRetry) {
          log.error?.(`${label} failed after ${times(n)}: ${failure.message}`);
          throw failure;
        }
        const delay = backoff(n);
        log.info?.(`${label}: retrying in ${Math.round(delay)} ms (backoff) after ${failure.message}`);
        await sleep(delay, signal);
        continue;
      }
      let hookAsked = false;
      response = await runHooks(hooks.onResponse, response, { ...context, retry: () => (hookAsked = true) });
      const requestId = response.headers.get('X-Request-Id');
      log.debug?.(
        `${label} attempt ${n}: ${response.status} in ${Date.now() - started} ms${requestId ? `, request id ${requestId}` : ''}`,
      );
      const reason = retryReason(response, request, hookAsked);
      if (reason === undefined) return response;
      if (!mayRetry) {
        log.warn?.(
          `${label}: ${response.status} after ${times(n)}, not retried: ${retrySafe ? 'no retries left' : 'a POST without an Idempotency-Key'}`,
        );
        return response;
      }
      const asked = serverDelay(response.headers);
      const delay = asked?.ms ?? (hookAsked ? 0 : backoff(n));
      if (delay > MAX_RETRY_WAIT_MS) {
        log.warn?.(
          `${label}: ${response.status} not retried: ${asked?.header} asks for ${delay} ms, over ${MAX_RETRY_WAIT_MS}`,
        );
        return response;
      }
      log.info?.(
        `${label}: retrying in ${Math.round(delay)} ms (${asked?.header ?? (hookAsked ? 'at once' : 'backoff')}) after ${reason}`,
      );
      // Release the connection before waiting; the body of a response we retry is never read. Not
      // awaited: a cancel may never settle (msw's responses on Node 20), and nothing waits on it.
      response.body?.cancel().catch(() => undefined);
      await sleep(delay, signal);
    }
  };
}
