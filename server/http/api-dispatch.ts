import type { ServerResponse } from 'node:http';
import type { Context } from 'koa';
import { ifNoneMatchHits } from '../../domain/etag.ts';
import { toFieldErrors } from '../../domain/field-errors.ts';
import { rateLimitHeaders } from '../../domain/rate-limit-headers.ts';
import type { Authenticator } from '../auth/authenticator.ts';
import type { Caller } from '../auth/caller.ts';
import type { Idempotency } from '../idempotency/idempotency.ts';
import { requestHash } from '../idempotency/idempotency.ts';
import {
  JsonText,
  type OperationDeps,
  type OperationHandler,
  type OperationInput,
  Reply,
} from '../operations/operation.ts';
import type { RateLimits } from '../rate-limit/rate-limits.ts';
import { ApiError } from './api-error.ts';
import type { OperationRouter, RequestParts } from './operation-router.ts';
import type { OperationInfo } from './operation-table.ts';
import { parseQuery } from './parse-query.ts';
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

  async function authenticate(ctx: Context, info: OperationInfo): Promise<Caller> {
    try {
      return await authenticator.authenticate(ctx.req.headers, info.credential);
    } catch (error) {
      // Failed attempts are limited per client address, so keys cannot be guessed at speed.
      if (error instanceof ApiError && error.status === 401)
        await rateLimits.consume('auth-failures', ctx.ip);
      throw error;
    }
  }

  return async function dispatch(ctx: Context): Promise<void> {
    const matched = router.match(ctx.method, ctx.path);
    if (!matched) return notRouted(ctx, router);
    const { route, params } = matched;
    const { info } = route;

    const caller = await authenticate(ctx, info);
    if (caller.kind === 'apiKey') {
      const missing = info.requiredScopes.filter((scope) => !caller.scopes.includes(scope));
      if (missing.length > 0) {
        throw new ApiError('insufficient_scope', `This API key lacks the scope '${missing.join("', '")}'.`, {
          extensions: { missingScopes: missing },
        });
      }
    }
    if (caller.kind === 'apiKey' || caller.kind === 'idToken') {
      const policy = caller.kind === 'apiKey' ? 'courses' : 'api-keys';
      const key = caller.kind === 'apiKey' ? caller.keyId : caller.ownerId;
      // Set now, so that error answers after this point carry the quota too.
      setHeaders(ctx.res, rateLimitHeaders(await rateLimits.consume(policy, key)));
    }

    const body = route.operation.requestBody ? await readJsonBody(ctx.req, bodyLimit) : undefined;
    // A fresh object: validation coerces query values and applies defaults in place.
    const query = parseQuery(ctx.querystring);
    const parts: RequestParts = { path: params, query, header: ctx.req.headers, cookie: {} };
    if (body !== undefined) parts.requestBody = body;
    const errors = router.validate(route, parts);
    if (errors) {
      const fields = toFieldErrors(errors);
      const detail = `The request has ${fields.length} invalid field${fields.length === 1 ? '' : 's'}.`;
      throw new ApiError('validation_failed', detail, { extensions: { errors: fields } });
    }
    const input: OperationInput = { params, query: parts.query, headers: ctx.req.headers, body, caller };
    const handler = handlers[info.operationId] as OperationHandler;
    const idempotencyKey = info.idempotent ? ctx.get('idempotency-key') : '';
    if (!idempotencyKey || (caller.kind !== 'apiKey' && caller.kind !== 'idToken')) {
      return respond(ctx, info, await handler(input, operationDeps));
    }
    const scope = `${caller.ownerId} ${info.operationId}`;
    const hash = requestHash(body);
    const idempotentInput = { ...input, idempotency: { scope, key: idempotencyKey, requestHash: hash } };
    const started = await idempotency.begin(scope, idempotencyKey, hash);
    if ('replay' in started) {
      const replayed = handler.replay
        ? handler.replay(started.replay, idempotentInput, operationDeps)
        : started.replay.body;
      ctx.res.setHeader('Idempotent-Replayed', 'true');
      return respond(ctx, info, replayed);
    }
    try {
      respond(ctx, info, await handler(idempotentInput, operationDeps));
    } finally {
      started.release();
    }
  };
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Sets headers straight on Node's response: the names and values are ours and well-formed. */
function setHeaders(res: ServerResponse, headers: Record<string, string>): void {
  for (const name in headers) res.setHeader(name, headers[name] as string);
}

function respond(ctx: Context, info: OperationInfo, result: unknown): void {
  if (result instanceof Reply) {
    ctx.set(result.headers);
    ctx.status = result.status;
    if (result.body !== undefined) ctx.body = result.body;
    return;
  }
  const res = ctx.res;
  setHeaders(res, info.fixedHeaders);
  if (info.setsLocation)
    res.setHeader('Location', `${ctx.path.replace(/\/$/, '')}/${(result as { id: string }).id}`);
  if (result instanceof JsonText && result.etag !== undefined) {
    res.setHeader('ETag', result.etag);
    // A conditional read that still matches: the client's copy is current, so no body.
    if (ifNoneMatchHits(ctx.req.headers['if-none-match'], result.etag)) return sendDirect(ctx, 304);
  }
  if (result === undefined) return sendDirect(ctx, info.successStatus);
  res.setHeader('Content-Type', JSON_TYPE);
  sendDirect(ctx, info.successStatus, result instanceof JsonText ? result.text : JSON.stringify(result));
}

/**
 * Ends a successful response here rather than in Koa's `respond()`: the status, headers and a
 * string body are all known, so Koa's body setter, type and length checks would only repeat work.
 * Node computes `Content-Length` and sends head and body in one write.
 */
function sendDirect(ctx: Context, status: number, body?: string): void {
  ctx.respond = false;
  ctx.res.statusCode = status;
  ctx.res.end(body);
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
