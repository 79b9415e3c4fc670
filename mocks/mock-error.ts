import { type ProblemCode, problemBody, problemStatus } from '../domain/problems.ts';

/**
 * An error the mock answers with, as the server's `ApiError`: a stable `code`, the public
 * `detail`, extra problem members and headers. Thrown anywhere in the pipeline, rendered once.
 *
 * @example throw new MockApiError('not_found', `No course '${id}' exists.`);
 */
export class MockApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    readonly options: { extensions?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(detail);
    this.name = 'MockApiError';
    this.status = problemStatus(code);
  }
}

/**
 * The `application/problem+json` response for `error`, with the request id in body and header.
 *
 * @example problemResponse(new MockApiError('not_found', 'No course.'), '/api/v1/courses/crs_…', requestId)
 */
export function problemResponse(error: MockApiError, instance: string, requestId: string): Response {
  const body = problemBody(error.code, error.detail, { instance, requestId }, error.options.extensions);
  const headers = new Headers(error.options.headers);
  headers.set('Content-Type', 'application/problem+json');
  headers.set('X-Request-Id', requestId);
  return new Response(JSON.stringify(body), { status: error.status, headers });
}
