import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  ApiKeyRecord,
  CourseOwner,
  CourseRecord,
  IdempotencyClaimRequest,
  IdempotentResponse,
  Store,
} from '../../../core/index.ts';
import type { KeyEnvironment } from '../../../domain/api-key-format.ts';

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
