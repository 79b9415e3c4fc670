import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { Authenticator } from '../auth/authenticator.ts';
import type { OperationDeps, OperationHandler } from '../operations/operation.ts';
import type { RateLimits } from '../rate-limit/rate-limits.ts';
import { handOff } from './handoff.ts';
import type { OperationRouter, RequestParts } from './operation-router.ts';
import { parseQuery } from './parse-query.ts';
import { checkScopes, consumeQuota, sendResult, validateParts } from './pipeline-steps.ts';
import { newRequestId } from './request-id.ts';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The hot reads (`GET` operations taking an API key: getCourse, listCourses) answered without
 * building a Koa context: the same pipeline steps as the Koa dispatcher (authenticate → scope →
 * quota → validate → handler), with Node's request and response. Everything else, and any
 * request whose pipeline throws, goes to Koa (`next`): an error is handed over with the request
 * id, and the dispatcher rethrows it there, so every error is still rendered by one middleware.
 * Koa's per-request context, promise chain and finish listeners cost more than the whole
 * pipeline of a cached read.
 *
 * @example createServer(fastLane({ ...deps, next: koa.callback() }))
 */
export function fastLane(deps: {
  router: OperationRouter;
  handlers: Readonly<Record<string, OperationHandler>>;
  authenticator: Authenticator;
  rateLimits: RateLimits;
  operationDeps: OperationDeps;
  logger: Logger;
  next: Listener;
}): Listener {
  const { router, handlers, authenticator, rateLimits, operationDeps, logger, next } = deps;
  const logs = logger.isLevelEnabled('info');

  async function run(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    search: string,
    requestId: string,
  ) {
    const started = logs ? performance.now() : 0;
    const { route, params } = router.match('GET', path) as NonNullable<ReturnType<OperationRouter['match']>>;
    const { info } = route;
    res.setHeader('X-Request-Id', requestId);
    const caller = await authenticator.authenticate(req.headers, 'apiKey');
    checkScopes(info, caller);
    await consumeQuota(rateLimits, caller, res);
    const query = parseQuery(search);
    const parts: RequestParts = { path: params, query, header: req.headers, cookie: {} };
    validateParts(router, route, parts);
    const handler = handlers[info.operationId] as OperationHandler;
    const result = await handler(
      { params, query, headers: req.headers, body: undefined, caller },
      operationDeps,
    );
    const status = sendResult(req, res, path, info, result);
    if (logs) {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      logger.info({ requestId, method: 'GET', path, status, ms }, 'request');
    }
  }

  return function handle(req, res) {
    const url = req.url ?? '';
    if (req.method !== 'GET' || url.charCodeAt(0) !== 47 /* '/' */) return next(req, res);
    const mark = url.indexOf('?');
    const path = mark === -1 ? url : url.slice(0, mark);
    const info = router.match('GET', path)?.route.info;
    // Only what this lane implements: API-key reads without a body, an Idempotency-Key or a
    // custom reply; every other operation keeps Koa's full pipeline.
    if (!info || info.credential !== 'apiKey' || info.idempotent) return next(req, res);
    const requestId = newRequestId(req.headers['x-request-id']);
    run(req, res, path, mark === -1 ? '' : url.slice(mark + 1), requestId).catch((error: unknown) => {
      handOff(req, { requestId, error });
      next(req, res);
    });
  };
}
