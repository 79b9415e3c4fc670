import type { KeyHasher } from '../auth/key-hasher.ts';
import type { LastUsedTracker } from '../auth/last-used-tracker.ts';
import type { ReportKeys } from '../auth/report-signature.ts';
import type { UsageTracker } from '../auth/usage-tracker.ts';
import { ApiError } from '../model/api-error.ts';
import type { Caller } from '../model/caller.ts';
import type { Observer } from '../model/observer.ts';
import type { IdGenerator, RequestHeaders, WebhookUrlCheck } from '../model/ports.ts';
import type { JsonText, Reply } from '../model/results.ts';
import type { Audit, CourseOwner, DependencyHealth, IdempotentResponse, Store } from '../model/store.ts';
import type { OpenApiDocument } from '../spec/openapi-document.ts';

/** A request's validated input, as an operation sees it. */
export interface OperationInput {
  params: Record<string, string>;
  query: Record<string, unknown>;
  headers: RequestHeaders;
  body: unknown;
  caller: Caller;
  /** The body's text as sent, when the adapter has it: what a signature covers. */
  rawBody?: string | undefined;
  /** The request's id (`X-Request-Id`), recorded with what the operation changes. */
  requestId?: string | undefined;
  /** Present when the request carried an `Idempotency-Key` on an operation that accepts one. */
  idempotency?: { scope: string; key: string; requestHash: string };
}

/** The OpenAPI document as the service serves it: parsed, as JSON text, and its strong `ETag`. */
export interface ServedSpec {
  document: OpenApiDocument;
  json: string;
  etag: string;
}

/** What operations may use. */
export interface OperationDeps {
  store: Store;
  clock: () => Date;
  ids: IdGenerator;
  /** The prefix of new keys' values (`cms` in `cms_prod_…`). */
  apiKeyPrefix: string;
  hasher: KeyHasher;
  lastUsed: LastUsedTracker;
  /** Requests counted per key, hour and outcome, not yet all written. */
  usage: UsageTracker;
  /** The public keys secret scanners sign leak reports with. */
  reportKeys: ReportKeys;
  /** What a reported active key gets: revoked, or only flagged in its history. */
  leakAction: 'revoke' | 'flag';
  spec: ServedSpec;
  /** Told of what operations change: course transitions, keys created and revoked. */
  observer: Observer;
  /** Takes one creation from `subject`'s quota of new API keys; throws a 429 `ApiError` when it is spent. */
  consumeKeyCreation(subject: string): Promise<void>;
  /** One check per dependency (`database`, and `redis` when configured), for `GET /healthz`. */
  health: Readonly<Record<string, () => Promise<DependencyHealth>>>;
  /** Refuses webhook URLs the service must not post to (SSRF). */
  webhookUrls: WebhookUrlCheck;
}

/**
 * One operation of the spec: takes validated input and the caller, returns the response body (a
 * value, {@link JsonText} or a {@link Reply}) or throws an {@link ApiError}. `replay` rebuilds a stored idempotent response.
 */
export interface OperationHandler {
  (input: OperationInput, deps: OperationDeps): Promise<unknown>;
  replay?: (stored: IdempotentResponse, input: OperationInput, deps: OperationDeps) => Promise<unknown>;
}

/** The owner whose data the caller acts on. */
export function ownerOf(caller: Caller): string {
  if (caller.kind === 'apiKey' || caller.kind === 'idToken') return caller.ownerId;
  throw new ApiError('internal_error', 'An operation that needs an owner was called without one.');
}

/** The `404` for a key id the caller has no key by: missing, or another account's, alike. */
export function keyNotFound(keyId: string): ApiError {
  return new ApiError('not_found', `No API key '${keyId}' exists.`);
}

/** The account and environment whose courses the caller acts on: those of its API key. */
export function courseOwner(caller: Caller): CourseOwner {
  if (caller.kind === 'apiKey') return { ownerId: caller.ownerId, environment: caller.environment };
  throw new ApiError('internal_error', 'A course operation was called without an API key.');
}

/** Who makes the change `input` asks for, and in which request: what a key's history records. */
export function auditOf(input: OperationInput): Audit {
  const requestId = input.requestId ?? null;
  const { caller } = input;
  if (caller.kind === 'idToken' && caller.viaMaster)
    return { actorType: 'master', actorSubject: null, requestId };
  return { actorType: 'user', actorSubject: ownerOf(caller), requestId };
}

/** The record to store with a created resource so that a retry replays this response. */
export function idempotentRecord(
  input: OperationInput,
  status: number,
  body: unknown,
  createdAt: string,
): IdempotentResponse | undefined {
  return input.idempotency && { ...input.idempotency, status, body, createdAt };
}
