import type { Answer, Core } from '@course-service/runtime';
import type { Context, Middleware } from 'koa';
import { KoaRequest } from './node-request.ts';

/** What the service keeps on `ctx.state` for a request. */
export interface ServiceState {
  requestId: string;
  /** The route that answered: the spec's path template, a core route or a mount (`/dashboard/*`). */
  route?: string | undefined;
  /** The spec operation that answered, when one did. */
  operationId?: string | undefined;
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
  return { route: state.route ?? UNMATCHED_ROUTE, operationId: state.operationId };
}

/**
 * Puts a core answer on `ctx` as any Koa middleware answers: its status, each header with
 * `ctx.set` (replacing what middleware in front set before `await next()`), and its body (text,
 * or a stream), for Koa's `respond` to send, so every middleware in front sees and may change it.
 * A `HEAD` answer keeps its body here: Koa sends the length a `GET` would get, and no body.
 *
 * @example putAnswer(ctx, await core.handle(request));
 */
export function putAnswer(ctx: Context, answer: Answer): void {
  const { headers, body } = answer;
  const state = ctx.state as ServiceState;
  state.route = answer.route;
  state.operationId = answer.operationId;
  // An empty body first: Koa's setter makes a `null` body a 204, which the status then corrects.
  if (body === null) ctx.body = null;
  ctx.status = answer.status;
  for (let i = 0; i < headers.length; i += 2) ctx.set(headers[i] as string, headers[i + 1] as string);
  if (body !== null) ctx.body = body;
}

/**
 * The innermost middleware, the Koa adapter of the core: hands the request to the core, and puts
 * its answer on `ctx`.
 *
 * @example koa.use(serverRoutes(mounts)); koa.use(serviceMiddleware({ core }));
 */
export function serviceMiddleware(options: { core: Core }): Middleware {
  const { core } = options;
  return async function service(ctx: Context): Promise<void> {
    const { requestId } = ctx.state as ServiceState;
    putAnswer(ctx, await core.handle(new KoaRequest(ctx, ctx.path, ctx.querystring, requestId)));
  };
}
