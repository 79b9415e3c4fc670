import type { RateLimitPolicy, RateLimitState } from '../../domain/rate-limit-headers.ts';
import type { Caller } from './caller.ts';

// The core's ports: what it needs from the world, each implemented by the server (Node, Koa,
// PostgreSQL, Redis, jose) and by the mocks (memory, a fake identity provider). The core itself
// imports no transport and no Node module.

/** Request headers as Node gives them: lower-case names, a value or a list of values. */
export type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** Where a caller stands in a quota after one more request; `allowed: false` when it was used up. */
export interface QuotaResult extends RateLimitState {
  allowed: boolean;
}

/** The rate limiters, wherever their counters live. */
export interface RateLimits {
  /** Takes one request from `key`'s quota in `policy`. */
  consume(policy: RateLimitPolicy, key: string): Promise<QuotaResult>;
}

/** Verifies identity-provider ID tokens. */
export interface IdTokenVerifier {
  /** The token's subject; throws a 401 `ApiError` (see `invalidIdToken`) for any token that is not valid. */
  verify(token: string): Promise<string>;
}

/**
 * A protocol that answers an operation marked `x-handled-by` itself (MCP), after the pipeline has
 * authenticated the caller and taken its quota. It speaks Web `Request` and `Response`. What the
 * protocol needs of browsers (CORS, preflights, `Origin` checks, challenge parameters) its adapter
 * handles in front of the core.
 */
export interface Protocol {
  /** Answers the request for the caller the pipeline authenticated. */
  answer(request: Request, context: ProtocolContext): Promise<Response>;
}

/**
 * Checks a webhook URL before an endpoint is saved with it: why it is refused (an address the
 * service must not post to), or `undefined`. The server resolves the host; the mocks check what the
 * URL itself says.
 */
export interface WebhookUrlCheck {
  check(url: URL): Promise<string | undefined>;
}

/** Makes the ids of new records. */
export interface IdGenerator {
  courseId(): string;
  apiKeyId(): string;
  requestId(): string;
  eventId(): string;
  webhookEndpointId(): string;
  webhookDeliveryId(): string;
}

/** Where the core reports what it cannot answer for (a programming error, a failed background task). */
export interface CoreLog {
  error(details: { err: unknown; requestId?: string }, message: string): void;
  warn(details: { err: unknown }, message: string): void;
}

/** What a protocol's answer may use: who called, and the service's operations. */
export interface ProtocolContext {
  caller: Caller;
  requestId: string;
  /** Runs an operation for an acting caller (the quota was taken for the request already). */
  callOperation(operationId: string, call: OperationCall): Promise<CallResult>;
}

/** A call of an operation by name, on behalf of a caller authenticated elsewhere (an MCP tool call). */
export interface OperationCall {
  /** Who the operation acts for; its scopes are checked as for a request. */
  caller: Caller;
  /** The id of the request that carries the call, recorded with what the call changes. */
  requestId?: string | undefined;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

/** What a call gave: the operation's data (`undefined` for an empty answer), or the error it failed with. */
export type CallResult = { ok: true; data: unknown } | { ok: false; error: unknown };
