import { APIConnectionError, APITimeoutError, APIUserAbortError } from './errors.ts';

const userAbort = (signal: AbortSignal) =>
  new APIUserAbortError('The request was aborted.', { cause: signal.reason });

/**
 * Waits `ms`, or rejects with {@link APIUserAbortError} as soon as the caller aborts.
 *
 * @example await sleep(500, request.signal);
 */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
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

/**
 * Sends one attempt, aborted by the call's `signal` or after `timeout`. Failures come out typed:
 * {@link APIUserAbortError}, {@link APITimeoutError}, or {@link APIConnectionError} naming the cause.
 *
 * @example const response = await attempt(fetch, request, signal, 10_000);
 */
export async function attempt(fetchFn: typeof fetch, request: Request, signal: AbortSignal, timeout: number) {
  if (signal.aborted) throw userAbort(signal);
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal.reason);
  signal.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => controller.abort(), timeout);
  try {
    return await fetchFn(request, { signal: controller.signal });
  } catch (error) {
    if (signal.aborted) throw userAbort(signal);
    if (controller.signal.aborted) {
      throw new APITimeoutError(`No response within ${timeout} ms.`, { cause: error });
    }
    throw new APIConnectionError(`Connection error: ${rootReason(error)}`, { cause: error });
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  }
}
