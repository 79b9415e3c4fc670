import { STATUS_CODES } from 'node:http';
import { ApiError, malformedJson } from '@course-service/runtime';
import type { ProblemCode } from '@course-service/runtime/domain/problems';
import { retryAfterHeaders } from '@course-service/runtime/domain/retry-after';

/** What Koa reads on an error: `status` (or `statusCode`), `expose`, and `headers` to send. */
interface HttpErrorLike {
  status?: unknown;
  statusCode?: unknown;
  expose?: unknown;
  headers?: unknown;
  type?: unknown;
}

/** The service's code for an error's status, where it has one that means just that status. */
const CODES: Readonly<Record<number, ProblemCode>> = {
  400: 'malformed_request',
  401: 'authentication_required',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  431: 'headers_too_large',
  503: 'service_unavailable',
};

/** The status an error carries as Koa reads it, if it is an HTTP status of an error. */
function statusOf(error: HttpErrorLike): number | undefined {
  const status = error.status ?? error.statusCode;
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : undefined;
}

/** The headers an error asks to be sent with it (http-errors' `headers`, e.g. `Allow`), as strings. */
function headersOf(error: HttpErrorLike): Record<string, string> | undefined {
  if (typeof error.headers !== 'object' || error.headers === null) return undefined;
  const entries = Object.entries(error.headers).filter(([, value]) => typeof value === 'string');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

// A 429 or 503 that says no wait of its own asks for this one, as every such answer must say one.
const DEFAULT_RETRY_AFTER_SECONDS = 1;

/**
 * An error's headers, with `Retry-After` and `retry-after-ms` added for a `429` or `503`, which the
 * spec requires on both: the error's own `Retry-After` when it is whole seconds, else a second.
 */
function withRetryAfter(status: number, headers: Record<string, string> | undefined) {
  if (status !== 429 && status !== 503) return headers;
  const own = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'retry-after')?.[1];
  const seconds = own !== undefined && /^\d+$/.test(own.trim()) ? Number(own) : DEFAULT_RETRY_AFTER_SECONDS;
  const others = Object.entries(headers ?? {}).filter(
    ([name]) => !['retry-after', 'retry-after-ms'].includes(name.toLowerCase()),
  );
  return { ...Object.fromEntries(others), ...retryAfterHeaders(seconds) };
}

/**
 * An error another middleware threw (`ctx.throw(403)`, a body parser's 400 or 413, `http-errors`)
 * as the service's problem, as Koa's own `ctx.onerror` would answer it: its status, its message
 * only where Koa exposes it (`expose`, set for client errors), else the status's phrase, and its
 * `headers`, a `429` or `503` with `Retry-After` and `retry-after-ms` as the spec requires. A body parser's syntax error is `malformed_json`; a status the service has a code for
 * gets that code, any other client error `request_refused`, any other server error
 * `internal_error`. `undefined` for an error without a status: a bug, the renderer's 500.
 *
 * @example problemOfMiddlewareError(Object.assign(new Error('Forbidden'), { status: 403, expose: true }))
 */
export function problemOfMiddlewareError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (typeof error !== 'object' || error === null) return undefined;
  const httpError = error as HttpErrorLike & Error;
  const status = statusOf(httpError);
  if (status === undefined) return undefined;
  if (status === 400 && (error instanceof SyntaxError || httpError.type === 'entity.parse.failed'))
    return malformedJson(httpError.message);
  const code = CODES[status] ?? (status < 500 ? 'request_refused' : 'internal_error');
  const detail =
    httpError.expose === true && httpError.message
      ? httpError.message
      : (STATUS_CODES[status] ?? String(status));
  const headers = withRetryAfter(status, headersOf(httpError));
  return new ApiError(code, detail, { status, cause: error, ...(headers && { headers }) });
}
