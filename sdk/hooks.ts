import type { CourseServiceError } from './errors.ts';

/** What a hook is told about the attempt it runs for. */
export interface HookContext {
  /** The operation, e.g. `getCourse`; `undefined` for a generated function called with `client.raw`. */
  readonly operationId: string | undefined;
  /** `1` for the first attempt, `2` for the first retry, and so on. */
  readonly attempt: number;
}

/** What an `onResponse` hook is told, and how it asks for another attempt. */
export interface ResponseHookContext extends HookContext {
  /**
   * Sends the request again once the hooks have run, e.g. after refreshing an expired token: at
   * once, or after the wait the server asked for; within `maxRetries`; never for a `POST` without
   * an `Idempotency-Key`. Credential functions are asked again for the retry.
   */
  retry(): void;
}

type MaybePromise<T> = T | Promise<T>;

/**
 * Runs before every attempt: may change the request's headers in place, or return another `Request`
 * to send. It may read the body of the request it is handed (to sign it), which is sent all the
 * same; a `Request` it returns must have its body unread.
 */
export type OnRequest = (request: Request, context: HookContext) => MaybePromise<Request | undefined>;

/** Runs on every attempt's response as soon as its headers arrive: may return another `Response` to use. */
export type OnResponse = (
  response: Response,
  context: ResponseHookContext,
) => MaybePromise<Response | undefined>;

/** Runs on every attempt that got no response: a connection error, a timeout, or the caller's abort. */
export type OnError = (error: CourseServiceError, context: HookContext) => MaybePromise<void>;

/** A client's hooks, each a function or an array of functions that run in order, for every attempt. */
export interface Hooks {
  /** Before each attempt (tracing headers, signing). */
  onRequest?: OnRequest | OnRequest[] | undefined;
  /** On each attempt's response (metrics, token refresh with `context.retry()`). */
  onResponse?: OnResponse | OnResponse[] | undefined;
  /** On each attempt that got no response. */
  onError?: OnError | OnError[] | undefined;
}

// What a hook returns replaces the value, unless it is `undefined` (onError's hooks return nothing).
type Hook<T, C> = (value: T, context: C) => unknown;

/**
 * Passes `value` through `hooks` in order, each getting what the one before returned (the same value
 * when it returned nothing).
 *
 * @example const request = await runHooks(hooks.onRequest, new Request(url), { operationId, attempt: 1 });
 */
export async function runHooks<T, C>(
  hooks: Hook<T, C> | Hook<T, C>[] | undefined,
  value: T,
  context: C,
): Promise<T> {
  let current = value;
  for (const hook of hooks === undefined ? [] : [hooks].flat())
    current = ((await hook(current, context)) as T | undefined) ?? current;
  return current;
}
