import type { Context, Next } from 'koa';
import { problemBody } from '../../domain/problems.ts';
import { ApiError } from './api-error.ts';

/**
 * The outermost middleware: renders every error as RFC 9457 `application/problem+json` with the
 * request id. Anything that is not an {@link ApiError} is logged with its stack and answered with a
 * generic 500, so no internal message or stack ever reaches a client.
 */
export async function errorMiddleware(ctx: Context, next: Next): Promise<void> {
  try {
    await next();
  } catch (error) {
    const apiError =
      error instanceof ApiError
        ? error
        : new ApiError(
            'internal_error',
            'An unexpected error occurred; quote the request id when reporting it.',
            {
              cause: error,
            },
          );
    if (apiError.status >= 500) ctx.state.log?.error({ err: apiError.cause ?? apiError }, 'request failed');
    renderProblem(ctx, apiError);
  }
}

/** Writes `error` to the response as problem+json. */
function renderProblem(ctx: Context, error: ApiError): void {
  const requestId: string = ctx.state.requestId ?? '';
  ctx.status = error.status;
  for (const [name, value] of Object.entries(error.options.headers ?? {})) ctx.set(name, value);
  ctx.type = 'application/problem+json';
  ctx.body = JSON.stringify(
    problemBody(error.code, error.detail, { instance: ctx.path, requestId }, error.options.extensions),
  );
}
