import type { ServerResponse } from 'node:http';

/**
 * Runs `done` once `res` is over: now, when it has ended or its connection has closed already (a
 * client that left before the middleware returned), else when it closes (a body Koa still
 * streams). Node marks a response `destroyed` as it emits `close`, so `done` runs exactly once.
 *
 * @example afterResponse(ctx.res, () => span.end());
 */
export function afterResponse(res: ServerResponse, done: () => void): void {
  if (res.writableEnded || res.destroyed) done();
  else res.once('close', done);
}
