import { ApiError, problemAnswer, requestIdOf } from '@course-service/runtime';
import type { Context, Middleware, Next } from 'koa';
import type { Logger } from 'pino';
import { lingerAfterAnswer } from './lingering-close.ts';
import { problemOfMiddlewareError } from './middleware-errors.ts';
import { SECURITY_HEADERS } from './security-headers.ts';
import { putAnswer, type ServiceState } from './service-middleware.ts';

const SECURITY = Object.entries(SECURITY_HEADERS);

/** Sets the request id and the security headers every answer starts with; any later `ctx.set` wins. */
function setDefaults(ctx: Context, requestId: string): void {
  ctx.set('X-Request-Id', requestId);
  for (const [name, value] of SECURITY) ctx.set(name, value);
}

/**
 * An error thrown by any middleware inside, as a problem on `ctx`: as Koa's own `ctx.onerror`
 * does, the headers of the failed answer go, and the error's own (`Allow`, `WWW-Authenticate`)
 * come with the problem. An error with a status (`ctx.throw(403)`, a body parser's) keeps it; any
 * other is a bug: logged, and answered `500 internal_error`.
 */
function putProblem(ctx: Context, error: unknown, logger: Logger): void {
  const { requestId } = ctx.state as ServiceState;
  const problem = problemOfMiddlewareError(error);
  if (!problem || problem.code === 'internal_error')
    logger.error({ err: error, requestId }, 'request failed');
  else if (!(error instanceof ApiError)) logger.debug({ err: error, requestId }, 'middleware refused');
  for (const name of ctx.res.getHeaderNames()) ctx.res.removeHeader(name);
  setDefaults(ctx, requestId);
  putAnswer(ctx, problemAnswer(problem ?? error, ctx.path, requestId));
}

/**
 * The outermost middleware: gives each request its id and the headers every answer carries (the
 * request id, the security headers), runs every other middleware (an embedder's and the
 * service's), and renders any error they throw with the core's one problem renderer. An answer
 * that goes out before the body was read to its end (413, 415, 401) closes its connection
 * lingering. Logs one line per request at `info` (never headers, bodies or queries).
 *
 * @example koa.use(requestFrame({ newId: core.ids.requestId, logger })); koa.use(yours); koa.use(serverRoutes(mounts)); koa.use(serviceMiddleware({ core }));
 */
export function requestFrame(options: { newId: () => string; logger: Logger }): Middleware {
  const { newId, logger } = options;
  const logs = logger.isLevelEnabled('info');
  return async function frame(ctx: Context, next: Next): Promise<void> {
    const started = logs ? performance.now() : 0;
    const state: ServiceState = { requestId: requestIdOf(ctx.req.headers['x-request-id'], newId) };
    ctx.state = state;
    setDefaults(ctx, state.requestId);
    try {
      await next();
    } catch (error) {
      if (ctx.res.headersSent) throw error;
      putProblem(ctx, error, logger);
    }
    const { req } = ctx;
    // The client may still be sending: the connection cannot be reused, and it closes lingering
    // rather than with a reset the client would meet before it reads the answer.
    if (!req.complete && !ctx.res.headersSent) {
      lingerAfterAnswer(req);
      ctx.set('Connection', 'close');
    }
    if (logs) {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      logger.info(
        { requestId: state.requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms },
        'request',
      );
    }
  };
}
