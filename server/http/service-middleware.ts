import { STATUS_CODES } from 'node:http';
import type { Context, Middleware, Next } from 'koa';
import type { Logger } from 'pino';
import { type Answer, ApiError, type Core, problemAnswer, requestIdOf } from '../../core/index.ts';
import { lingerAfterAnswer } from './lingering-close.ts';
import { KoaRequest } from './node-request.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

const SECURITY = Object.entries(SECURITY_HEADERS);
const SECURITY_FLAT = SECURITY.flat();

/** What the service keeps on `ctx.state` for a request. */
interface ServiceState {
  requestId: string;
  /** The core's answer, written by {@link requestFrame} once every middleware has run. */
  answer?: Answer;
  /** The mount that answered (`/dashboard/*`), when one did. */
  mount?: string;
}

/** The `http.route` of a request no route answered (404, 405, an embedder's refusal). */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * The route that answered a request, once every middleware has run: the spec's path template (or
 * a core route's fixed path) with its operationId, a mount (`/dashboard/*`), or
 * {@link UNMATCHED_ROUTE}. Never a raw path, so it is safe as a metric label and a span name.
 */
export function routeOf(ctx: Context): { route: string; operationId: string | undefined } {
  const state = ctx.state as Partial<ServiceState>;
  const route = state.answer?.route ?? state.mount ?? UNMATCHED_ROUTE;
  return { route, operationId: state.answer?.operationId };
}

/**
 * Writes a core answer with one `writeHead` of a header list: Node then checks each header once,
 * as it writes the head, where a `setHeader` per header also keeps a map (decision 0007 has the
 * figures). Headers middleware set on the response before keep their places. A stream body (MCP)
 * is left to Koa.
 */
function writeAnswer(ctx: Context, answer: Answer): void {
  const { req, res } = ctx;
  const body = answer.body;
  // An answer before the body was read to its end (413, 415, 401): the connection cannot be reused,
  // and the client may still be sending, so it closes lingering rather than with a reset.
  const early = !req.complete;
  if (early) lingerAfterAnswer(req);
  if (body !== null && typeof body !== 'string') {
    for (let i = 0; i < answer.headers.length; i += 2)
      ctx.set(answer.headers[i] as string, answer.headers[i + 1] as string);
    for (const [name, value] of SECURITY) if (!res.hasHeader(name)) res.setHeader(name, value);
    if (early) ctx.set('Connection', 'close');
    ctx.body = body;
    ctx.status = answer.status;
    return;
  }
  ctx.respond = false;
  const list = SECURITY_FLAT.concat(answer.headers as string[]);
  if (body !== null) list.push('Content-Length', String(Buffer.byteLength(body)));
  if (early) list.push('Connection', 'close');
  // The reason phrase of this status: Koa's may be stale (a mount's error cleared the body, and Koa
  // set 204's "No Content" meanwhile).
  res.writeHead(answer.status, STATUS_CODES[answer.status] ?? '', list);
  res.end(ctx.method === 'HEAD' ? undefined : (body ?? undefined));
}

/**
 * The outermost middleware: gives each request its id, runs every other middleware (an embedder's
 * and the service's), then writes the core's answer (or leaves a mount's to Koa, with the security
 * headers it did not set itself). Any error, a mount's or an embedder's, is rendered by the core's
 * one problem renderer. Logs one line per request at `info` (never headers, bodies or queries).
 *
 * @example koa.use(requestFrame({ newId: core.ids.requestId, logger })); koa.use(yours); koa.use(serviceMiddleware({ core, mounts }));
 */
export function requestFrame(options: { newId: () => string; logger: Logger }): Middleware {
  const { newId, logger } = options;
  const logs = logger.isLevelEnabled('info');
  return async function frame(ctx: Context, next: Next): Promise<void> {
    const started = logs ? performance.now() : 0;
    const state: ServiceState = { requestId: requestIdOf(ctx.req.headers['x-request-id'], newId) };
    ctx.state = state;
    try {
      await next();
    } catch (error) {
      if (!(error instanceof ApiError))
        logger.error({ err: error, requestId: state.requestId }, 'request failed');
      state.answer = problemAnswer(error, ctx.path, state.requestId);
      ctx.body = null;
    }
    const { res } = ctx;
    // Unless middleware replaced it with a body of its own, the core's answer is the response.
    if (state.answer && ctx.body == null) writeAnswer(ctx, state.answer);
    else if (!res.headersSent) {
      res.setHeader('X-Request-Id', state.requestId);
      for (const [name, value] of SECURITY) if (!res.hasHeader(name)) res.setHeader(name, value);
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

/**
 * The innermost middleware, the Koa adapter of the core: hands `/dashboard` (and any other mount)
 * to its own middleware, and every other request to the core, keeping the answer for
 * {@link requestFrame} to write and its status on `ctx.status` for the middleware in between.
 *
 * @example koa.use(serviceMiddleware({ core, mounts: { '/dashboard': dashboard } }));
 */
export function serviceMiddleware(options: {
  core: Core;
  mounts: Readonly<Record<string, Middleware>>;
}): Middleware {
  const { core } = options;
  const mounts = new Map(Object.entries(options.mounts));
  return async function service(ctx: Context, next: Next): Promise<void> {
    const path = ctx.path;
    const end = path.indexOf('/', 1);
    const prefix = end === -1 ? path : path.slice(0, end);
    const mount = mounts.get(prefix);
    const state = ctx.state as ServiceState;
    if (mount) {
      state.mount = path === prefix ? prefix : `${prefix}/*`;
      return mount(ctx, next);
    }
    const answer = await core.handle(new KoaRequest(ctx, path, ctx.querystring, state.requestId));
    state.answer = answer;
    ctx.status = answer.status;
  };
}
