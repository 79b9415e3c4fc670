import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';

const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Gives every request an id: the client's `X-Request-Id` when well-formed, else a new UUID. Sets it
 * on the response, and on `ctx.state.log` a logger carrying it, made only when something logs.
 */
export function requestIdMiddleware(logger: Logger) {
  return async function requestId(ctx: Context, next: Next): Promise<void> {
    const sent = ctx.get('x-request-id');
    const id = WELL_FORMED.test(sent) ? sent : randomUUID();
    let child: Logger | undefined;
    ctx.state.requestId = id;
    Object.defineProperty(ctx.state, 'log', { get: () => (child ??= logger.child({ requestId: id })) });
    ctx.set('X-Request-Id', id);
    await next();
  };
}
