import type { IncomingMessage, ServerResponse } from 'node:http';
import { ifNoneMatchHits } from '../../domain/etag.ts';
import { toFieldErrors } from '../../domain/field-errors.ts';
import { coursePolicy, rateLimitHeaders } from '../../domain/rate-limit-headers.ts';
import type { Caller } from '../auth/caller.ts';
import { JsonText, Reply } from '../operations/operation.ts';
import type { RateLimits } from '../rate-limit/rate-limits.ts';
import { ApiError } from './api-error.ts';
import type { HeaderList, HeaderSink } from './header-list.ts';
import type { OperationRouter, RequestParts } from './operation-router.ts';
import type { OperationInfo } from './operation-table.ts';

// The steps of the request pipeline, shared by the Koa dispatcher and the fast lane so that both
// answer exactly alike. They work on Node's request and response: Koa's accessors would only
// forward to them.

type Route = NonNullable<ReturnType<OperationRouter['match']>>['route'];

/**
 * For an API key: sets `Course-Environment` (from here on every answer, errors included, says which
 * environment gave it), then throws `403 insufficient_scope` when the key lacks a scope the
 * operation needs (no quota spent).
 */
export function checkScopes(info: OperationInfo, caller: Caller, headers: HeaderSink): void {
  if (caller.kind !== 'apiKey') return;
  headers.setHeader('Course-Environment', caller.environment);
  const missing = info.requiredScopes.filter((scope) => !caller.scopes.includes(scope));
  if (missing.length > 0) {
    throw new ApiError('insufficient_scope', `This API key lacks the scope '${missing.join("', '")}'.`, {
      extensions: { missingScopes: missing },
    });
  }
}

/**
 * Takes one request from the caller's quota (per key for course calls, in the policy of the key's
 * environment; per subject for key management) and sets the `RateLimit*` headers at once, so error answers after it carry them too.
 */
export async function consumeQuota(
  rateLimits: RateLimits,
  caller: Caller,
  headers: HeaderSink,
): Promise<void> {
  if (caller.kind !== 'apiKey' && caller.kind !== 'idToken') return;
  const state =
    caller.kind === 'apiKey'
      ? await rateLimits.consume(coursePolicy(caller.environment), caller.keyId)
      : await rateLimits.consume('api-keys', caller.ownerId);
  setHeaders(headers, rateLimitHeaders(state));
}

/** Validates in place with the operation's compiled validators; throws `400 validation_failed`. */
export function validateParts(router: OperationRouter, route: Route, parts: RequestParts): void {
  const errors = router.validate(route, parts);
  if (!errors) return;
  const fields = toFieldErrors(errors);
  const detail = `The request has ${fields.length} invalid field${fields.length === 1 ? '' : 's'}.`;
  throw new ApiError('validation_failed', detail, { extensions: { errors: fields } });
}

/** Copies `values` (our own names and well-formed values) into `headers`. */
function setHeaders(headers: HeaderSink, values: Record<string, string>): void {
  for (const name in values) headers.setHeader(name, values[name] as string);
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Writes an operation's answer (a {@link Reply} as it is; otherwise the success status, fixed
 * headers, `Location`, `ETag` and `304` for a matching `If-None-Match`) with the headers the steps
 * gathered in `headers`, and ends the response; returns the status sent.
 */
export function sendResult(
  req: IncomingMessage,
  res: ServerResponse,
  headers: HeaderList,
  path: string,
  info: OperationInfo,
  result: unknown,
): number {
  if (result instanceof Reply) return sendReply(res, headers, result);
  setHeaders(headers, info.fixedHeaders);
  if (info.setsLocation)
    headers.setHeader('Location', `${path.replace(/\/$/, '')}/${(result as { id: string }).id}`);
  let status = info.successStatus;
  let body: string | undefined;
  if (result instanceof JsonText && result.etag !== undefined) {
    headers.setHeader('ETag', result.etag);
    // A conditional read that still matches: the client's copy is current, so no body.
    if (ifNoneMatchHits(req.headers['if-none-match'], result.etag)) status = 304;
  }
  if (status !== 304 && result !== undefined) {
    headers.setHeader('Content-Type', JSON_TYPE);
    body = result instanceof JsonText ? result.text : JSON.stringify(result);
  }
  sendHeadAndBody(res, headers, status, body);
  return status;
}

/** An answer with a status and headers of its own (e.g. `getOpenApiDocument`'s 304). */
function sendReply(res: ServerResponse, headers: HeaderList, reply: Reply): number {
  setHeaders(headers, reply.headers);
  let body: string | undefined;
  if (reply.body === undefined || typeof reply.body === 'string') {
    body = reply.body;
  } else {
    headers.setHeader('Content-Type', JSON_TYPE);
    body = JSON.stringify(reply.body);
  }
  sendHeadAndBody(res, headers, reply.status, body);
  return reply.status;
}

/**
 * Ends `res` with `status`, `headers` and `body`. `Content-Length` is ours to set: `writeHead`
 * with a header list fixes the head before `end` sees the body, and Node would then send the body
 * chunked, in several buffers. With it, head and body leave in one write.
 */
function sendHeadAndBody(
  res: ServerResponse,
  headers: HeaderList,
  status: number,
  body: string | undefined,
): void {
  if (body !== undefined) headers.setHeader('Content-Length', String(Buffer.byteLength(body)));
  headers.writeHead(res, status);
  res.end(body);
}
