import type { StoredResponse } from './idempotency.ts';
import { MockApiError } from './mock-error.ts';
import type { MockOperation } from './operation-table.ts';
import { MockReply } from './operations/operation.ts';
import { rateLimited } from './rate-limiter.ts';
import type { Failure } from './scenarios.ts';

const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request id: the client's `X-Request-Id` when well-formed, else a new UUID.
 *
 * @example requestIdOf(new Headers({ 'X-Request-Id': 'abc' })) // 'abc'
 */
export function requestIdOf(headers: Headers): string {
  const sent = headers.get('x-request-id') ?? '';
  return WELL_FORMED_ID.test(sent) ? sent : crypto.randomUUID();
}

/**
 * A JSON (or empty) response with the request id.
 *
 * @example jsonResponse(200, course, rateLimitHeaders, requestId)
 */
export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string>,
  requestId: string,
): Response {
  const all = new Headers(headers);
  all.set('X-Request-Id', requestId);
  if (body === undefined) return new Response(null, { status, headers: all });
  if (!all.has('Content-Type')) all.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(body), { status, headers: all });
}

/**
 * The success response of an operation's result: its status, fixed headers and `Location`.
 *
 * @example successOf(createCourse, course, '/api/v1/courses').headers.Location // '/api/v1/courses/crs_…'
 */
export function successOf(operation: MockOperation, result: unknown, path: string): StoredResponse {
  if (result instanceof MockReply)
    return { status: result.status, body: result.body, headers: result.headers };
  const headers = { ...operation.fixedHeaders };
  if (operation.setsLocation)
    headers.Location = `${path.replace(/\/$/, '')}/${(result as { id: string }).id}`;
  return { status: operation.successStatus, body: result, headers };
}

/**
 * The problem a forced scenario answers with: `500 internal_error`, or `429` with the quota headers.
 *
 * @example forcedError({ kind: 'rateLimited', retryAfter: 2 }, operation, { max: 100, windowSeconds: 60 })
 */
export function forcedError(
  failure: Exclude<Failure, { kind: 'networkError' }>,
  operation: MockOperation,
  rateLimit: { max: number; windowSeconds: number },
): MockApiError {
  if (failure.kind === 'serverError') {
    return new MockApiError(
      'internal_error',
      'An unexpected error occurred; quote the request id when reporting it.',
    );
  }
  const { max, windowSeconds } = rateLimit;
  const policy = operation.credential === 'idToken' ? 'api-keys' : 'courses';
  return rateLimited({ policy, limit: max, windowSeconds, remaining: 0, resetSeconds: failure.retryAfter });
}
