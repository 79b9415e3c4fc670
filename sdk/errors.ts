import type { FieldError, Problem } from './gen/types.gen.ts';

/** What an SDK error is built from: the HTTP status, headers and problem body, if there was an answer. */
export interface ErrorInit {
  status?: number | undefined;
  headers?: Headers | undefined;
  problem?: Problem | undefined;
  /** For answers without a problem body: their text. */
  detail?: string | undefined;
  /** The code of an error that has no problem body. */
  code?: WebhookVerificationCode | undefined;
  cause?: unknown;
}

/**
 * The base of every error the SDK raises, so one `instanceof` check catches them all. Server
 * answers carry the RFC 9457 problem fields; connection failures have no `status`.
 *
 * @example
 * try {
 *   await client.courses.get('crs_0000000000000000');
 * } catch (error) {
 *   if (error instanceof CourseServiceError) console.log(error.status, error.code, error.requestId);
 * }
 */
export class CourseServiceError extends Error {
  override name = 'CourseServiceError';
  /** The HTTP status, or `undefined` when no response arrived. */
  readonly status: number | undefined;
  /**
   * The stable, machine-readable code, e.g. `not_found`: the problem's, or a
   * {@link WebhookVerificationError}'s.
   */
  readonly code: Problem['code'] | WebhookVerificationCode | undefined;
  /** What went wrong and what to do, for people. */
  readonly detail: string;
  /** One entry per offending field for `validation_failed`; empty otherwise. */
  readonly errors: FieldError[];
  /** The request id to quote when reporting a problem; also in the server's log. */
  readonly requestId: string | undefined;
  /** The response headers (empty when no response arrived). */
  readonly headers: Headers;
  /** The whole problem body, including extension members such as `missingScopes`. */
  readonly problem: Problem | undefined;

  constructor(message: string, init: ErrorInit = {}) {
    super(message, { cause: init.cause });
    this.status = init.status;
    this.headers = init.headers ?? new Headers();
    this.problem = init.problem;
    this.code = init.problem?.code ?? init.code;
    this.detail = init.problem?.detail ?? init.detail ?? message;
    this.errors = init.problem?.errors ?? [];
    this.requestId = init.problem?.requestId ?? this.headers.get('X-Request-Id') ?? undefined;
  }
}

/**
 * The request itself is wrong and repeating it will not help: `400` (`validation_failed`,
 * `malformed_json`, `invalid_cursor`), `413`, `415` and `422` (`idempotency_key_reused`).
 *
 * @example
 * catch (error) { if (error instanceof BadRequestError) for (const e of error.errors) console.log(e.pointer, e.detail); }
 */
export class BadRequestError extends CourseServiceError {
  override name = 'BadRequestError';
}

/**
 * `401`: the credential is missing, unknown, revoked, expired or of the wrong kind.
 *
 * @example
 * catch (error) { if (error instanceof AuthenticationError && error.code === 'api_key_revoked') rotateKey(); }
 */
export class AuthenticationError extends CourseServiceError {
  override name = 'AuthenticationError';
}

/**
 * `403`: the API key lacks a scope; `problem.missingScopes` names it.
 *
 * @example
 * catch (error) { if (error instanceof PermissionDeniedError) console.log(error.problem?.missingScopes); }
 */
export class PermissionDeniedError extends CourseServiceError {
  override name = 'PermissionDeniedError';
}

/**
 * `404`: no such resource belongs to the caller.
 *
 * @example
 * const course = await client.courses.get(id).catch((e) => (e instanceof NotFoundError ? undefined : Promise.reject(e)));
 */
export class NotFoundError extends CourseServiceError {
  override name = 'NotFoundError';
}

/**
 * `409`: the course's state forbids the change (`problem.allowedTransitions` lists what is
 * allowed), a key cannot be rolled (`key_already_revoked`, `key_already_expired`,
 * `key_already_rolled` with `problem.rolledTo`), or an identical idempotent request is still running.
 *
 * @example
 * catch (error) { if (error instanceof ConflictError) console.log(error.problem?.allowedTransitions); }
 */
export class ConflictError extends CourseServiceError {
  override name = 'ConflictError';
}

/**
 * `429`: the quota is used up. Raised once the automatic retries are exhausted.
 *
 * @example
 * catch (error) { if (error instanceof RateLimitError) await sleep((error.retryAfterSeconds ?? 1) * 1000); }
 */
export class RateLimitError extends CourseServiceError {
  override name = 'RateLimitError';
  /** The `Retry-After` header: seconds to wait before the next attempt. */
  get retryAfterSeconds(): number | undefined {
    const value = Number(this.headers.get('Retry-After') ?? Number.NaN);
    return Number.isFinite(value) ? value : undefined;
  }
}

/**
 * `5xx`: the server failed. Quote `requestId` when reporting it.
 *
 * @example
 * catch (error) { if (error instanceof InternalServerError) report(error.requestId); }
 */
export class InternalServerError extends CourseServiceError {
  override name = 'InternalServerError';
}

/**
 * No response arrived: the connection was refused, reset or the name did not resolve. `cause`
 * holds the underlying error.
 *
 * @example
 * catch (error) { if (error instanceof APIConnectionError) console.log('server unreachable', error.cause); }
 */
export class APIConnectionError extends CourseServiceError {
  override name = 'APIConnectionError';
}

/**
 * No response arrived within the timeout. A subclass of {@link APIConnectionError}, since both
 * mean "no answer" and are retried alike.
 *
 * @example
 * await client.courses.list({}, { timeout: 2_000 }).next().catch((e) => e instanceof APITimeoutError);
 */
export class APITimeoutError extends APIConnectionError {
  override name = 'APITimeoutError';
}

/**
 * The caller aborted the request through its `AbortSignal`; `cause` is the signal's reason.
 *
 * @example
 * catch (error) { if (error instanceof APIUserAbortError) return; }
 */
export class APIUserAbortError extends CourseServiceError {
  override name = 'APIUserAbortError';
}

/**
 * Why a webhook delivery was refused: a `webhook-*` header is absent (`missing_header`), the
 * timestamp is not whole seconds (`invalid_timestamp`) or too far from now
 * (`timestamp_out_of_tolerance`), no signature matches any secret (`invalid_signature`), or the
 * signed body is not an event (`invalid_payload`).
 */
export type WebhookVerificationCode =
  | 'missing_header'
  | 'invalid_timestamp'
  | 'timestamp_out_of_tolerance'
  | 'invalid_signature'
  | 'invalid_payload';

/**
 * A webhook delivery failed verification: it was not signed with your endpoint's secret, is too
 * old to trust (a replay), or is not an event. It has a stable `code` and no `status` (no request
 * was made); answer the delivery with a `400` and do not process it.
 *
 * @example
 * catch (error) { if (error instanceof WebhookVerificationError) return res.status(400).send(error.code); }
 */
export class WebhookVerificationError extends CourseServiceError {
  override name = 'WebhookVerificationError';
  declare readonly code: WebhookVerificationCode;

  constructor(code: WebhookVerificationCode, detail: string) {
    super(`${code}: ${detail}`, { code, detail });
  }
}

function classFor(status: number): typeof CourseServiceError {
  if (status === 400 || status === 413 || status === 415 || status === 422) return BadRequestError;
  if (status === 401) return AuthenticationError;
  if (status === 403) return PermissionDeniedError;
  if (status === 404) return NotFoundError;
  if (status === 409) return ConflictError;
  if (status === 429) return RateLimitError;
  if (status >= 500) return InternalServerError;
  return CourseServiceError;
}

const isProblem = (body: unknown): body is Problem =>
  typeof body === 'object' && body !== null && 'status' in body && 'code' in body;

/**
 * Builds the typed error for an error response and its parsed body (a problem, or any text).
 *
 * @example
 * const error = errorFromResponse(response, await response.json());
 */
export function errorFromResponse(response: Response, body: unknown): CourseServiceError {
  const problem = isProblem(body) ? body : undefined;
  const detail = problem?.detail ?? (typeof body === 'string' && body ? body : response.statusText);
  const message = `${response.status} ${problem ? `${problem.code}: ` : ''}${detail}`;
  const ErrorClass = classFor(response.status);
  return new ErrorClass(message, { status: response.status, headers: response.headers, problem, detail });
}
