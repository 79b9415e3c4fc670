import { etagOf } from '../domain/etag.ts';
import { retentionStart } from '../domain/event-retention.ts';
import {
  newApiKeyId,
  newCourseId,
  newEventId,
  newWebhookDeliveryId,
  newWebhookEndpointId,
} from '../domain/ids.ts';
import { createAuthenticator } from './auth/authenticator.ts';
import { createKeyHasher } from './auth/key-hasher.ts';
import { createLastUsedTracker } from './auth/last-used-tracker.ts';
import { createMasterKeyCheck } from './auth/master-key.ts';
import type { ReportKeys } from './auth/report-signature.ts';
import { createUsageTracker } from './auth/usage-tracker.ts';
import { createOperationCaller } from './call-operation.ts';
import { createRequestHandler } from './handle-request.ts';
import { ApiError } from './model/api-error.ts';
import { NO_OBSERVER, type Observer } from './model/observer.ts';
import type {
  CallResult,
  CoreLog,
  IdGenerator,
  IdTokenVerifier,
  OperationCall,
  Protocol,
  RateLimits,
  WebhookUrlCheck,
} from './model/ports.ts';
import type { DependencyHealth, Store } from './model/store.ts';
import type { ServedSpec } from './operation-helpers/operation.ts';
import { literalWebhookUrls } from './operation-helpers/webhook-urls.ts';
import { operations as handlers } from './operations/index.ts';
import type { Answer } from './pipeline/answer.ts';
import { createIdempotency, IDEMPOTENCY_RETENTION_MS } from './pipeline/idempotency.ts';
import type { IncomingRequest } from './pipeline/incoming-request.ts';
import { observedRateLimits } from './pipeline/observed-rate-limits.ts';
import { consume } from './pipeline/steps.ts';
import type { OpenApiDocument } from './spec/openapi-document.ts';
import { buildOperationRouter } from './spec/operation-router.ts';
import { buildOperationTable, type OperationInfo } from './spec/operation-table.ts';
import { openApiDocument } from './spec/spec.gen.ts';
import { createSpecBackend } from './spec/spec-backend.ts';

/** What the core is made of: its settings, and an implementation of each port. */
export interface CoreOptions {
  store: Store;
  rateLimits: RateLimits;
  idTokens: IdTokenVerifier;
  /** The secret API key values are hashed under (HMAC-SHA-256). */
  apiKeyHashSecret: string;
  /** The prefix of new keys' values (`cms`). */
  apiKeyPrefix: string;
  /** Larger request bodies answer 413. */
  bodyLimitBytes: number;
  /** The public keys secret scanners sign leak reports with. @default none: every report is refused */
  reportKeys?: ReportKeys | undefined;
  /** What a reported active key gets. @default 'revoke' */
  leakAction?: 'revoke' | 'flag' | undefined;
  /** The MCP master key; unset, master mode is off. */
  masterKey?: string | undefined;
  /** One check per dependency (`database`, `redis`), for `GET /healthz`. */
  health: Readonly<Record<string, () => Promise<DependencyHealth>>>;
  /** Protocols that answer `x-handled-by` operations themselves, by name (`mcp`). */
  protocols?: Readonly<Record<string, Protocol>>;
  /** @default the spec embedded from `openapi.yaml` */
  spec?: OpenApiDocument;
  /** @default () => new Date() */
  clock?: () => Date;
  /** @default random `crs_…`, `key_…` and UUID request ids */
  ids?: IdGenerator;
  log?: CoreLog | undefined;
  /**
   * Checks webhook URLs when an endpoint is saved. @default what the URL itself says
   * ({@link literalWebhookUrls}), private addresses refused
   */
  webhookUrls?: WebhookUrlCheck | undefined;
  /** Told of authentications, refusals, replays, transitions and key changes (metrics, traces). @default {@link NO_OBSERVER} */
  observer?: Observer | undefined;
}

/** The service without a transport: what every adapter (Koa, MCP, msw) runs. */
export interface Core {
  /** Answers one HTTP request. Never throws. */
  handle(request: IncomingRequest): Promise<Answer>;
  /** Runs an operation for a caller authenticated by the request that carries the call (MCP tools). */
  callOperation(operationId: string, call: OperationCall): Promise<CallResult>;
  /** The spec's operations, by operationId. */
  operations: ReadonlyMap<string, OperationInfo>;
  /** The operation a request for `method` and `path` (under the API's root) goes to, if any. */
  operationAt(method: string, path: string): OperationInfo | undefined;
  /** The OpenAPI document as served. */
  spec: ServedSpec;
  ids: IdGenerator;
  /** Writes pending key-usage times and stops timers; the store is closed by its owner. */
  stop(): Promise<void>;
}

const defaultIds: IdGenerator = {
  courseId: newCourseId,
  apiKeyId: newApiKeyId,
  eventId: newEventId,
  webhookEndpointId: newWebhookEndpointId,
  webhookDeliveryId: newWebhookDeliveryId,
  requestId: () => crypto.randomUUID(),
};

/** No published keys: every leak report is refused. */
const NO_REPORT_KEYS: ReportKeys = { publicKey: async () => undefined };

/** Runs `task` every `ms` without keeping a Node process alive for it; returns how to stop it. */
function every(ms: number, task: () => void): () => void {
  const timer = setInterval(task, ms);
  (timer as { unref?: () => void }).unref?.();
  return () => clearInterval(timer);
}

/**
 * Builds the core from its ports, with no global state: tests and mocks create as many as they like.
 *
 * @example const core = await createCore({ store, rateLimits, idTokens, apiKeyHashSecret, apiKeyPrefix: 'cms', bodyLimitBytes: 65_536, health: {} });
 */
export async function createCore(options: CoreOptions): Promise<Core> {
  const { store, log } = options;
  const observer = options.observer ?? NO_OBSERVER;
  // Wrapped only when someone listens: the default path stays one call shorter.
  const rateLimits = options.observer ? observedRateLimits(options.rateLimits, observer) : options.rateLimits;
  const clock = options.clock ?? (() => new Date());
  const ids = options.ids ?? defaultIds;
  const document = options.spec ?? openApiDocument;
  const table = buildOperationTable(document);
  const missing = [...table.values()].filter(
    (info) => info.handledBy === undefined && !(info.operationId in handlers),
  );
  if (missing.length > 0)
    throw new Error(`operations without a handler: ${missing.map((info) => info.operationId).join(', ')}`);
  const json = JSON.stringify(document);
  const spec: ServedSpec = { document, json, etag: etagOf(json) };

  const hasher = createKeyHasher(options.apiKeyHashSecret);
  const lastUsed = createLastUsedTracker(store);
  const usage = createUsageTracker(store);
  // Stored responses past their replay window, and events (with their finished deliveries) past
  // the feed's retention.
  const purge = async () => {
    const now = clock();
    await store.purgeIdempotentResponses(new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS).toISOString());
    await store.purgeEvents(retentionStart(now));
  };
  await purge();
  const stopPurging = every(
    3600_000,
    () => void purge().catch((err) => log?.warn({ err }, 'purge of idempotent responses or events failed')),
  );
  const pipeline = {
    authenticator: createAuthenticator({
      store,
      hasher,
      idTokens: options.idTokens,
      lastUsed,
      clock,
      isMasterKey: options.masterKey === undefined ? undefined : createMasterKeyCheck(options.masterKey),
    }),
    rateLimits,
    observer,
    usage,
    // An ApiError here is a store outage (503), logged once by the store itself.
    idempotency: createIdempotency(store, clock, (err) => {
      if (!(err instanceof ApiError)) log?.warn({ err }, 'idempotency release failed');
    }),
    handlers,
    operationDeps: {
      store,
      clock,
      ids,
      apiKeyPrefix: options.apiKeyPrefix,
      hasher,
      lastUsed,
      usage,
      reportKeys: options.reportKeys ?? NO_REPORT_KEYS,
      leakAction: options.leakAction ?? 'revoke',
      spec,
      observer,
      health: options.health,
      webhookUrls: options.webhookUrls ?? literalWebhookUrls({ allowPrivate: false }),
      consumeKeyCreation: async (subject: string) =>
        void (await consume(rateLimits, 'key-creation', subject)),
    },
  };
  const router = buildOperationRouter(await createSpecBackend(document), table);
  void router.compileInBackground();
  const callOperation = createOperationCaller(router, pipeline);
  return {
    handle: createRequestHandler({
      router,
      pipeline,
      bodyLimitBytes: options.bodyLimitBytes,
      protocols: options.protocols ?? {},
      log,
      callOperation,
    }),
    callOperation,
    operations: table,
    operationAt: (method, path) => router.match(method, path)?.route.info,
    spec,
    ids,
    async stop() {
      router.stop();
      stopPurging();
      // Last-used times are a convenience: a store that does not answer now must not stop the
      // shutdown (the rate limits and the store still have to close).
      await lastUsed.stop().catch((err) => log?.warn({ err }, 'key last-used times not written at shutdown'));
      await usage.stop().catch((err) => log?.warn({ err }, 'key usage counts not written at shutdown'));
    },
  };
}
