import { responseEnvironment } from './environment.ts';
import { CourseServiceError } from './errors.ts';
import type { KeyEnvironment } from './gen/types.gen.ts';
import { parseRateLimit, type RateLimit } from './rate-limit.ts';

/** A successful call with everything the response said besides its body. */
export interface ApiResponse<T> {
  data: T;
  response: Response;
  /** The quota after this call, from its `RateLimit` headers. */
  rateLimit: RateLimit | undefined;
  /** The `X-Request-Id` of this call. */
  requestId: string | undefined;
  /** The `ETag` of what was read (`courses.get`, `courses.listPage`): pass it as `ifNoneMatch` later. */
  etag: string | undefined;
  /** Which environment answered (`Course-Environment`): `test` for a test key's sandbox; none for key management. */
  environment: KeyEnvironment | undefined;
}

/** The outcome of a call on a client created with `throwOnError: false`. */
export type Result<T> = { data: T; error: undefined } | { data: undefined; error: CourseServiceError };

/**
 * The value of every SDK call: await it for the data (it rejects with a typed error), call
 * `withResponse()` for the raw `Response`, the rate-limit state, the request id and the environment
 * that answered as well, or `asResponse()` for the `Response` alone, as soon as its headers arrive,
 * with the body unread. The request is sent at once; its body is read only when the data is asked
 * for.
 *
 * @example
 * const course = await client.courses.get(id);
 * const { data, rateLimit, requestId, environment } = await client.courses.get(id).withResponse();
 * const response = await client.courses.get(id).asResponse(); // response.body is yours to stream
 */
export class APIPromise<T> implements Promise<T> {
  readonly #response: Promise<Response>;
  readonly #parse: () => Promise<{ data: T; response: Response }>;
  #parsed: Promise<ApiResponse<T>> | undefined;
  #raw = false;
  readonly [Symbol.toStringTag] = 'APIPromise';

  /**
   * Wraps a call on its way: `response` settles as soon as the headers of its answer arrive (or
   * with its typed error), `parse` reads the body into the data, and is called only when the data
   * is asked for.
   */
  constructor(response: Promise<Response>, parse: () => Promise<{ data: T; response: Response }>) {
    this.#response = response;
    this.#parse = parse;
    // Its failure reaches whoever asks (asResponse, or the data, which fails alike): never unhandled.
    response.catch(() => undefined);
  }

  /**
   * The `Response`, as soon as its headers arrive, its body unread: stream it, or read it as you
   * like. A call that fails rejects with its typed error, as awaiting it does. Ask for either the
   * response or the data of one call, not both: the body can be read once, and asking for the
   * other rejects with a {@link CourseServiceError} saying so.
   */
  asResponse(): Promise<Response> {
    if (this.#parsed !== undefined) return misuse('asResponse() after its data');
    this.#raw = true;
    return this.#response;
  }

  /** The data together with the response, its rate-limit state and its request id. */
  withResponse(): Promise<ApiResponse<T>> {
    if (this.#raw) return misuse('its data after asResponse()');
    this.#parsed ??= this.#parse().then(({ data, response }) => ({
      data,
      response,
      rateLimit: parseRateLimit(response.headers),
      requestId: response.headers.get('X-Request-Id') ?? undefined,
      etag: response.headers.get('ETag') ?? undefined,
      environment: responseEnvironment(response.headers),
    }));
    return this.#parsed;
  }

  // biome-ignore lint/suspicious/noThenProperty: an APIPromise is a Promise, so it must be thenable.
  then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.withResponse()
      .then((r) => r.data)
      .then(onfulfilled, onrejected);
  }

  catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.then(undefined, onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onfinally);
  }
}

/** The rejection of a call asked for both its `Response` and its data, whose body can be read once. */
const misuse = (asked: string): Promise<never> =>
  Promise.reject(
    new CourseServiceError(
      `A call was asked for ${asked}: its body can be read once, so ask one call for either its Response or its data.`,
    ),
  );

/** Settles a call into `{ data, error, response }` instead of rejecting. */
async function settle<T>(call: APIPromise<T>): Promise<Result<T>> {
  try {
    return { data: await call, error: undefined };
  } catch (error) {
    const failure =
      error instanceof CourseServiceError ? error : new CourseServiceError(String(error), { cause: error });
    return { data: undefined, error: failure };
  }
}

/** A resource whose calls settle into {@link Result}s; auto-pagination still throws, as a loop must. */
export type Settled<R> = { [K in keyof R]: SettledCall<R[K]> };

// Two signatures, so that overloaded calls (a conditional read's `Course | NotModified` beside the
// plain `Course`) keep both; a call with one signature matches both with the same one.
type SettledCall<F> = F extends {
  (...args: infer A1): APIPromise<infer T1>;
  (...args: infer A2): APIPromise<infer T2>;
}
  ? { (...args: A1): Promise<Result<T1>>; (...args: A2): Promise<Result<T2>> }
  : F;

/**
 * Turns every call of a resource that returns an {@link APIPromise} into one returning a {@link Result}.
 *
 * @example
 * const courses = settleAll(createCoursesResource(send));
 * const { data, error } = await courses.get(id);
 */
export function settleAll<R extends object>(resource: R): Settled<R> {
  const settled: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(resource)) {
    settled[name] = (...args: unknown[]) => {
      const value = (method as (...a: unknown[]) => unknown)(...args);
      return value instanceof APIPromise ? settle(value) : value;
    };
  }
  return settled as Settled<R>;
}
