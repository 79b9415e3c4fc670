import type { Context, Middleware, Next } from 'koa';
import type { Logger } from 'pino';
import { type Answer, ApiError, type Core, problemAnswer, requestIdOf } from '../../core/index.ts';
import { incomingRequest } from './node-request.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

const SECURITY = Object.entries(SECURITY_HEADERS);

/** Writes a core answer to Koa's response; Koa sends it (and drops the body of a `HEAD`). */
export function respond(ctx: Context, answer: Answer): void {
  const { headers } = answer;
  for (let i = 0; i < headers.length; i += 2)
    ctx.res.setHeader(headers[i] as string, headers[i + 1] as string);
  // The body first: Koa turns a 2xx without one into 204 unless the status is set after it.
  ctx.body = answer.body;
  ctx.status = answer.status;
  // A body past the limit was not read to its end: the connection cannot be reused.
  if (answer.status === 413) ctx.set('Connection', 'close');
}

/**
 * The Koa adapter of the core: one middleware that gives each request its id and the security
 * headers, hands `/dashboard` (and any other mount) to its own middleware, and every other request
 * to the core, whose answer Koa then sends. Errors of the mounts are rendered by the core's one
 * problem renderer. Logs one line per request at `info` (never headers, bodies or query values).
 *
 * @example koa.use(serviceMiddleware({ core, mounts: { '/dashboard': dashboard }, logger }));
 */
export function serviceMiddleware(options: {
  core: Core;
  mounts: Readonly<Record<string, Middleware>>;
  logger: Logger;
}): Middleware {
  const { core, logger } = options;
  const mounts = new Map(Object.entries(options.mounts));
  const logs = logger.isLevelEnabled('info');

  return async function courseService(ctx: Context, next: Next): Promise<void> {
    const started = logs ? performance.now() : 0;
    const { req, res } = ctx;
    const requestId = requestIdOf(req.headers['x-request-id'], core.ids.requestId);
    ctx.state.requestId = requestId;
    for (const [name, value] of SECURITY) res.setHeader(name, value);
    const path = ctx.path;
    const end = path.indexOf('/', 1);
    const mount = mounts.get(end === -1 ? path : path.slice(0, end));
    try {
      if (mount) {
        res.setHeader('X-Request-Id', requestId);
        await mount(ctx, next);
      } else {
        const query = ctx.querystring;
        const clientAddress = () => ctx.ip;
        respond(ctx, await core.handle(incomingRequest(req, res, { path, query, requestId, clientAddress })));
      }
    } catch (error) {
      if (!(error instanceof ApiError)) logger.error({ err: error, requestId }, 'request failed');
      respond(ctx, problemAnswer(error, path, requestId));
    } finally {
      if (logs) {
        const ms = Math.round((performance.now() - started) * 10) / 10;
        logger.info({ requestId, method: ctx.method, path, status: ctx.status, ms }, 'request');
      }
    }
  };
}
