import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import { handedOff } from './handoff.ts';

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

/** The client's `X-Request-Id` when well-formed, else a new UUID. */
export function newRequestId(sent: string | string[] | undefined): string {
  return typeof sent === 'string' && WELL_FORMED.test(sent) ? sent : randomUUID();
}

/**
 * Gives every request an id: the client's `X-Request-Id` when well-formed, else a new UUID, set on
 * the response and in `ctx.state` (a {@link RequestState}).
 */
export function requestIdMiddleware(logger: Logger) {
  return async function requestId(ctx: Context, next: Next): Promise<void> {
    // Node's request and response directly: this runs for every request, and Koa's accessors
    // would only forward to them.
    // A request the fast lane handed over keeps the id it already sent.
    const id = handedOff(ctx.req)?.requestId ?? newRequestId(ctx.req.headers['x-request-id']);
    ctx.state = new RequestState(id, logger);
    ctx.res.setHeader('X-Request-Id', id);
    await next();
  };
}
