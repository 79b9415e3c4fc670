import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  AccountEventRecord,
  ApiKeyRecord,
  CourseOwner,
  CourseRecord,
  EventDraft,
  IdempotencyClaimRequest,
  IdempotentResponse,
  Store,
  WebhookDeliveryRecord,
  WebhookEndpointRecord,
} from '@course-service/runtime';
import type { KeyEnvironment } from '@course-service/runtime/domain/api-key-format';
import type { FeedEventType } from '@course-service/runtime/domain/event-types';

/** A fresh directory under the OS temp dir, for a test's data. */
export function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'store-test-'));
}

/** An account in one environment (production unless said), as course queries take it. */
export function account(ownerId: string, environment: KeyEnvironment = 'prod'): CourseOwner {
  return { ownerId, environment };
}

/** A course to insert, with a unique id from `n`. */
export function newCourse(
  ownerId: string,
  n: number,
  status: CourseRecord['status'] = 'draft',
  environment: KeyEnvironment = 'prod',
) {
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();
  return {
    id: `crs_${ownerId}_${n}`,
    ownerId,
    environment,
    name: `Course ${n}`,
    description: `About ${n}, with "quotes", a \\ and ünïcödé`,
    status,
    createdAt: at,
    updatedAt: at,
    publishedAt: status === 'published' ? at : null,
    archivedAt: null,
  } satisfies Omit<CourseRecord, 'seq'>;
}

/** An API key to insert, with a unique id and hash from `n`. */
export function newApiKey(
  ownerId: string,
  n: number,
  environment: KeyEnvironment = 'prod',
): Omit<ApiKeyRecord, 'seq'> {
  return {
    id: `key_${ownerId}_${n}`,
    ownerId,
    name: `Key ${n}`,
    hash: `hash-${ownerId}-${n}`,
    start: `cms_${environment}_abcd`,
    environment,
    scopes: ['courses:read', 'courses:write'],
    createdAt: '2026-01-01T00:00:00.000Z',
    lastUsedAt: null,
    expiresAt: null,
    revokedAt: null,
    rolledFrom: null,
    rolledTo: null,
  };
}

/**
 * The response `store` holds under `scope` and `key`, read as the core reads one: a claim that
 * expires nothing, released at once if it took the key; `undefined` while a claim holds it.
 */
export async function storedResponse(
  store: Store,
  scope: string,
  key: string,
): Promise<IdempotentResponse | undefined> {
  const claim = { scope, key, requestHash: '', now: '', leaseUntil: '', expiredBefore: '' };
  const found = await store.claimIdempotencyKey(claim);
  if (found.kind === 'claimed') await store.releaseIdempotencyKey(scope, key);
  return found.kind === 'stored' ? found.response : undefined;
}

/**
 * A claim on `key` under `scope` at 2026-01-02T00:00Z with a one-minute lease, expiring what was
 * stored before 2026-01-01: the clock the store tests' claims share.
 */
export function claimRequest(scope: string, key = 'k'): IdempotencyClaimRequest {
  return {
    scope,
    key,
    requestHash: 'h',
    now: '2026-01-02T00:00:00.000Z',
    leaseUntil: '2026-01-02T00:01:00.000Z',
    expiredBefore: '2026-01-01T00:00:00.000Z',
  };
}

/** Second `n` of 2026-03-01 (minute `m`), as ISO text: the clock of the event tests. */
export function at(n: number, m = 0): string {
  return new Date(Date.UTC(2026, 2, 1, 0, m, n)).toISOString();
}

/** A draft of a `type` event at {@link at}(`n`), its payload the event as the spec's `CourseEvent` shapes it. */
export function draft<R extends { id: string; environment: KeyEnvironment }>(
  type: FeedEventType,
  n: number,
): EventDraft<R> {
  const id = `evt_${type}_${n}`;
  const createdAt = at(n);
  return {
    id,
    type,
    createdAt,
    payload: (after) =>
      JSON.stringify({
        id,
        type,
        timestamp: createdAt,
        environment: after.environment,
        data: { id: after.id },
      }),
  };
}

/** A webhook endpoint to insert, enabled and subscribed to everything unless said. */
export function newEndpoint(
  ownerId: string,
  n: number,
  fields: Partial<Omit<WebhookEndpointRecord, 'seq'>> = {},
): Omit<WebhookEndpointRecord, 'seq'> {
  return {
    id: `we_${ownerId}_${n}`,
    ownerId,
    environment: 'prod',
    url: `https://hooks.example.com/${ownerId}/${n}`,
    description: `Endpoint ${n}`,
    eventTypes: ['*'],
    enabled: true,
    disabledReason: null,
    secret: `whsec_secret${n}`,
    previousSecret: null,
    previousSecretExpiresAt: null,
    lastSuccessAt: null,
    createdAt: at(0),
    updatedAt: at(0),
    ...fields,
  };
}

/** A `webhook.test` event of `endpoint`'s owner and environment at {@link at}(`n`). */
export function testEvent(
  endpoint: Pick<WebhookEndpointRecord, 'ownerId' | 'environment'>,
  n: number,
): Omit<AccountEventRecord, 'seq'> {
  const { ownerId, environment } = endpoint;
  const id = `evt_test_${ownerId}_${n}`;
  return { id, ownerId, environment, type: 'webhook.test', createdAt: at(n), payload: `{"id":"${id}"}` };
}

/** A pending delivery of `eventId` to `endpoint`, due at {@link at}(`n`) unless said. */
export function newDelivery(
  endpoint: Pick<WebhookEndpointRecord, 'id' | 'ownerId'>,
  eventId: string,
  n: number,
  fields: Partial<Omit<WebhookDeliveryRecord, 'seq'>> = {},
): Omit<WebhookDeliveryRecord, 'seq'> {
  return {
    id: `dlv_${endpoint.id}_${n}`,
    endpointId: endpoint.id,
    ownerId: endpoint.ownerId,
    eventId,
    eventType: 'webhook.test',
    status: 'pending',
    attempts: 0,
    createdAt: at(n),
    lastAttemptAt: null,
    responseStatus: null,
    durationMs: null,
    error: null,
    nextAttemptAt: at(n),
    leaseUntil: null,
    ...fields,
  };
}
