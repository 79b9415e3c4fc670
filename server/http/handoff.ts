import type { IncomingMessage } from 'node:http';

/** A request the fast lane began but could not finish, for Koa to answer. */
export interface Handoff {
  /** The id the fast lane gave the request (already sent as `X-Request-Id`). */
  requestId: string;
  /** What the pipeline threw; the dispatcher rethrows it so the error middleware renders it. */
  error: unknown;
}

const handoffs = new WeakMap<IncomingMessage, Handoff>();

/** Records that the fast lane hands `req` to Koa, and why. */
export function handOff(req: IncomingMessage, handoff: Handoff): void {
  handoffs.set(req, handoff);
}

/** The fast lane's unfinished business with `req`, if it handed the request to Koa. */
export function handedOff(req: IncomingMessage): Handoff | undefined {
  return handoffs.get(req);
}
