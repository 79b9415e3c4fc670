import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { Authenticator } from '../auth/authenticator.ts';
import type { OperationDeps, OperationHandler } from '../operations/operation.ts';
import type { RateLimits } from '../rate-limit/rate-limits.ts';
import { handOff } from './handoff.ts';
import { HeaderList } from './header-list.ts';
import type { OperationRouter, RequestParts } from './operation-router.ts';
import { parseQuery } from './parse-query.ts';
import { checkScopes, consumeQuota, sendResult, validateParts } from './pipeline-steps.ts';
import { readJsonBody } from './read-json-body.ts';
import { newRequestId } from './request-id.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;
type Matched = NonNullable<ReturnType<OperationRouter['match']>>;

/** The security headers, flat, as every answer of the lane starts. */
const BASE_HEADERS = Object.entries(SECURITY_HEADERS).flat();

/**
 * The API-key operations (courses: the hot reads and creates) answered without building a Koa
 * context: the same pipeline steps as the Koa dispatcher (authenticate → scope → quota → body →
 * validate → handler), with Node's request and response. Everything else, and any
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
  const bodyLimit = operationDeps.config.bodyLimitBytes;

  async function run(
    req: IncomingMessage,
    res: ServerResponse,
    headers: HeaderList,
    matched: Matched,
    path: string,
    search: string,
  ) {
    const started = logs ? performance.now() : 0;
    const { route, params } = matched;
    const { info } = route;
    const caller = await authenticator.authenticate(req.headers, 'apiKey');
    checkScopes(info, caller, headers);
    await consumeQuota(rateLimits, caller, headers);
    const body = route.operation.requestBody ? await readJsonBody(req, bodyLimit) : undefined;
    const query = parseQuery(search);
    const parts: RequestParts = { path: params, query, header: req.headers, cookie: {} };
    if (body !== undefined) parts.requestBody = body;
    validateParts(router, route, parts);
    const handler = handlers[info.operationId] as OperationHandler;
    const result = await handler({ params, query, headers: req.headers, body, caller }, operationDeps);
    const status = sendResult(req, res, headers, path, info, result);
    if (logs) {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      const requestId = headers.get('X-Request-Id');
      logger.info({ requestId, method: req.method, path, status, ms }, 'request');
    }
  }

  return function handle(req, res) {
    const url = req.url ?? '';
    // Origin-form targets only; anything unusual is Koa's.
    if (url.charCodeAt(0) !== 47 /* '/' */) return next(req, res);
    const mark = url.indexOf('?');
    const path = mark === -1 ? url : url.slice(0, mark);
    const matched = router.match(req.method ?? '', path);
    const info = matched?.route.info;
    // Only what this lane implements: API-key operations without an Idempotency-Key (replays and
    // their locks stay in the dispatcher); ID tokens, the service's own routes and mounts are Koa's.
    if (!matched || info?.credential !== 'apiKey') return next(req, res);
    if (info.idempotent && req.headers['idempotency-key'] !== undefined) return next(req, res);
    const requestId = newRequestId(req.headers['x-request-id']);
    const headers = new HeaderList(BASE_HEADERS).setHeader('X-Request-Id', requestId);
    run(req, res, headers, matched, path, mark === -1 ? '' : url.slice(mark + 1)).catch((error: unknown) => {
      // Only an answer not yet begun can be handed over; past that there is nothing left to say.
      if (res.headersSent)
        return void logger.error({ err: error, requestId }, 'request failed after responding');
      // Koa renders the error with what the steps found so far (environment, quota).
      headers.copyTo(res);
      handOff(req, { requestId, error });
      next(req, res);
    });
  };
}
