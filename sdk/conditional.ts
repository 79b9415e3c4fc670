/**
 * What a conditional read resolves to when the `ETag` you sent still matches (`304 Not Modified`):
 * the copy you hold is current. Tell it apart with `instanceof NotModified` or {@link isNotModified}.
 *
 * @example
 * const { data, etag } = await client.courses.get(id).withResponse();
 * const again = await client.courses.get(id, { ifNoneMatch: etag });
 * const course = again instanceof NotModified ? data : again;
 */
export class NotModified {
  /** Always `true`: a plain discriminant for code that prefers `'notModified' in value`. */
  readonly notModified = true;

  constructor(
    /** The `ETag` the server confirmed, the same one that was sent. */
    readonly etag: string,
  ) {}
}

/**
 * Whether a conditional read answered {@link NotModified}.
 *
 * @example if (isNotModified(result)) return cached;
 */
export function isNotModified(value: unknown): value is NotModified {
  return value instanceof NotModified;
}

/** Options of a read that may be conditional: the `ETag` of the copy you hold. */
export interface ConditionalOptions {
  /**
   * Send as `If-None-Match`; a match resolves to {@link NotModified} instead of the body.
   * `undefined` (no tag held yet) sends none, so the read answers the body.
   */
  ifNoneMatch: string | undefined;
}

type Outcome<T> = { data: T | undefined; error?: unknown; response: Response };

/**
 * Wraps a generated call so it sends `If-None-Match` and turns a `304` into {@link NotModified}
 * (hey-api treats every non-2xx answer as an error).
 *
 * @example send('apiKey', conditional(etag, (o) => getCourse({ ...o, path: { courseId } })), options)
 */
export function conditional<O extends { headers?: Record<string, string> }, T>(
  ifNoneMatch: string | undefined,
  invoke: (options: O) => Promise<Outcome<T>>,
): (options: O) => Promise<Outcome<T | NotModified>> {
  if (ifNoneMatch === undefined) return invoke;
  return async (options) => {
    const outcome = await invoke({
      ...options,
      headers: { ...options.headers, 'If-None-Match': ifNoneMatch },
    });
    if (outcome.response.status !== 304) return outcome;
    const etag = outcome.response.headers.get('ETag') ?? ifNoneMatch;
    return { data: new NotModified(etag), error: undefined, response: outcome.response };
  };
}
