import type { Context } from 'koa';
import { idempotencyScope } from '../../domain/idempotency-scope.ts';
import type { Authenticator } from '../auth/authenticator.ts';
import type { Idempotency } from '../idempotency/idempotency.ts';
import { requestHash } from '../idempotency/idempotency.ts';
import type { OperationDeps, OperationHandler, OperationInput } from '../operations/operation.ts';
import type { RateLimits } from '../rate-limit/rate-limits.ts';
import { ApiError } from './api-error.ts';
import { handedOff } from './handoff.ts';
import { HeaderList } from './header-list.ts';
import type { OperationRouter, RequestParts } from './operation-router.ts';
import type { OperationInfo } from './operation-table.ts';
import { parseQuery } from './parse-query.ts';
import { checkScopes, consumeQuota, sendResult, validateParts } from './pipeline-steps.ts';
import { readJsonBody } from './read-json-body.ts';

/** What the dispatcher is built from; all of it resolved once at start-up. */
export interface DispatchDeps {
  router: OperationRouter;
  handlers: Readonly<Record<string, OperationHandler>>;
  authenticator: Authenticator;
  rateLimits: RateLimits;
  idempotency: Idempotency;
  operationDeps: OperationDeps;
}

/**
 * The spec-driven request pipeline: route (the spec's operations) → authenticate → scope (403, no
 * quota spent) → rate limit → read body → validate (openapi-backend's compiled Ajv 2020-12
 * validators) → idempotency → handler → response. Authentication comes before validation so
 * strangers learn nothing of the API.
 */
export function apiDispatch(deps: DispatchDeps) {
  const { router, handlers, authenticator, rateLimits, idempotency, operationDeps } = deps;
  const bodyLimit = operationDeps.config.bodyLimitBytes;

  /** Rethrows `error`, after counting it against the client address when it is a failed authentication. */
  async function countAuthFailure(ctx: Context, error: unknown): Promise<never> {
    // Failed attempts are limited per client address, so keys cannot be guessed at speed.
    if (error instanceof ApiError && error.status === 401) await rateLimits.consume('auth-failures', ctx.ip);
    throw error;
  }

  return async function dispatch(ctx: Context): Promise<void> {
    // A request the fast lane began and could not finish: its error is rendered here, by Koa.
    const handoff = handedOff(ctx.req);
    if (handoff) return countAuthFailure(ctx, handoff.error);
    const matched = router.match(ctx.method, ctx.path);
    if (!matched) return notRouted(ctx, router);
    const headers = new HeaderList();
    try {
      await run(ctx, matched, headers);
    } catch (error) {
      // An error answer carries what the steps found so far (environment, quota).
      if (!ctx.res.headersSent) headers.copyTo(ctx.res);
      throw error;
    }
  };

  /** The steps for a routed request, gathering the answer's headers in `headers`. */
  async function run(ctx: Context, { route, params }: Matched, headers: HeaderList): Promise<void> {
    const { info } = route;
    const caller = await authenticator
      .authenticate(ctx.req.headers, info.credential)
      .catch((error: unknown) => countAuthFailure(ctx, error));
    checkScopes(info, caller, headers);
    await consumeQuota(rateLimits, caller, headers);

    const body = route.operation.requestBody ? await readJsonBody(ctx.req, bodyLimit) : undefined;
    // A fresh object: validation coerces query values and applies defaults in place.
    const query = parseQuery(ctx.querystring);
    const parts: RequestParts = { path: params, query, header: ctx.req.headers, cookie: {} };
    if (body !== undefined) parts.requestBody = body;
    validateParts(router, route, parts);
    const input: OperationInput = { params, query: parts.query, headers: ctx.req.headers, body, caller };
    const handler = handlers[info.operationId] as OperationHandler;
    const idempotencyKey = info.idempotent ? ctx.get('idempotency-key') : '';
    if (!idempotencyKey || (caller.kind !== 'apiKey' && caller.kind !== 'idToken')) {
      return respond(ctx, headers, info, await handler(input, operationDeps));
    }
    const environment = caller.kind === 'apiKey' ? caller.environment : undefined;
    const scope = idempotencyScope(caller.ownerId, environment, info.operationId);
    const hash = requestHash(body);
    const idempotentInput = { ...input, idempotency: { scope, key: idempotencyKey, requestHash: hash } };
    const started = await idempotency.begin(scope, idempotencyKey, hash);
    if ('replay' in started) {
      const replayed = handler.replay
        ? handler.replay(started.replay, idempotentInput, operationDeps)
        : started.replay.body;
      headers.setHeader('Idempotent-Replayed', 'true');
      return respond(ctx, headers, info, replayed);
    }
    try {
      respond(ctx, headers, info, await handler(idempotentInput, operationDeps));
    } finally {
      started.release();
    }
  }
}

type Matched = NonNullable<ReturnType<OperationRouter['match']>>;

function respond(ctx: Context, headers: HeaderList, info: OperationInfo, result: unknown): void {
  // Status, headers and body are all known: Koa's body setter, type and length checks would only
  // repeat work, so the response is ended here.
  ctx.respond = false;
  sendResult(ctx.req, ctx.res, headers, ctx.path, info, result);
}

function notRouted(ctx: Context, router: OperationRouter): never {
  const allowed = router.allowedMethods(ctx.path);
  if (!allowed)
    throw new ApiError('not_found', `No endpoint at '${ctx.path}'. The API is described at /api/openapi.`);
  throw new ApiError(
    'method_not_allowed',
    `${ctx.method} is not allowed on '${ctx.path}'; use ${allowed.join(', ')}.`,
    {
      headers: { Allow: allowed.join(', ') },
    },
  );
}
