import { problemBody } from '../domain/problems.ts';
import { ApiError } from './model/api-error.ts';
import type { Answer } from './pipeline/answer.ts';
import { HeaderList } from './pipeline/header-list.ts';

/** The public face of an error that is not an {@link ApiError}: a bug, never shown as it is. */
function internalError(cause: unknown): ApiError {
  return new ApiError(
    'internal_error',
    'An unexpected error occurred; quote the request id when reporting it.',
    {
      cause,
    },
  );
}

/**
 * Renders an error as RFC 9457 `application/problem+json` with the request id (in the body and in
 * `X-Request-Id`): the one renderer
 * of the service. Anything that is not an {@link ApiError} becomes a generic 500, so no internal
 * message or stack ever reaches a client. `headers` are what the pipeline gathered before it
 * failed (environment, quota).
 *
 * @example problemAnswer(new ApiError('not_found', 'No course.'), '/api/v1/courses/x', requestId)
 */
export function problemAnswer(
  error: unknown,
  instance: string,
  requestId: string,
  headers: HeaderList = new HeaderList(),
): Answer {
  const apiError = error instanceof ApiError ? error : internalError(error);
  headers.set('X-Request-Id', requestId).setAll(apiError.options.headers ?? {});
  headers.set('Content-Type', 'application/problem+json');
  const body = problemBody(
    apiError.code,
    apiError.detail,
    { instance, requestId },
    apiError.options.extensions,
  );
  body.status = apiError.status;
  return { status: apiError.status, headers: headers.flat(), body: JSON.stringify(body) };
}
