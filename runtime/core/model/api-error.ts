import { type ProblemCode, problemStatus } from '../../domain/problems.ts';

/**
 * The one error type of the public surface. `detail` is shown to the client; `cause` stays in the
 * log. Operations and middleware throw it; the error middleware renders it as problem+json.
 *
 * @example throw new ApiError('not_found', `No course '${id}' exists.`);
 */
export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    readonly options: {
      /** Extra problem members, e.g. `errors` or `allowedTransitions`. */
      extensions?: Record<string, unknown>;
      /** Extra response headers, e.g. `WWW-Authenticate` or `Retry-After`. */
      headers?: Record<string, string>;
      cause?: unknown;
      /** The status, when not the code's own: an error another middleware threw with its status. */
      status?: number;
    } = {},
  ) {
    super(detail, { cause: options.cause });
    this.name = 'ApiError';
    this.status = options.status ?? problemStatus(code);
  }
}
