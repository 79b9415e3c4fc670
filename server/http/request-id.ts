import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';

const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

/** What the server keeps on `ctx.state` for a request: its id, and a logger carrying it. */
class RequestState {
  #log: Logger | undefined;

  constructor(
    readonly requestId: string,
    private readonly logger: Logger,
  ) {}

  /** A logger that adds the request id, made on first use: most requests log nothing. */
  get log(): Logger {
    this.#log ??= this.logger.child({ requestId: this.requestId });
    return this.#log;
  }
}

/**
 * Gives every request an id: the client's `X-Request-Id` when well-formed, else a new UUID, set on
 * the response and in `ctx.state` (a {@link RequestState}).
 */
export function requestIdMiddleware(logger: Logger) {
  return async function requestId(ctx: Context, next: Next): Promise<void> {
    // Node's request and response directly: this runs for every request, and Koa's accessors
    // would only forward to them.
    const sent = ctx.req.headers['x-request-id'];
    const id = typeof sent === 'string' && WELL_FORMED.test(sent) ? sent : randomUUID();
    ctx.state = new RequestState(id, logger);
    ctx.res.setHeader('X-Request-Id', id);
    await next();
  };
}
