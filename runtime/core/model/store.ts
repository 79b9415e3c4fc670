// The Store port: what the core asks of a backend. The records it deals in are in records.ts.
import type { KeyEnvironment } from '../../domain/api-key-format.ts';
import type { CourseStatus } from '../../domain/course-lifecycle.ts';
import type { EventDraft } from './event-records.ts';
import type { EventStore } from './event-store.ts';
import type {
  ApiKeyClientRecord,
  ApiKeyEventRecord,
  ApiKeyRecord,
  ApiKeyRoll,
  ApiKeyUsageRecord,
  Audit,
  CourseChanges,
  CourseOwner,
  CourseRecord,
  IdempotentResponse,
} from './records.ts';

export * from './event-records.ts';
export * from './event-store.ts';
export * from './records.ts';

/** What {@link Store.claimIdempotencyKey} found: the key is now ours, another request holds it, or a response is stored. */
export type IdempotencyClaim =
  | { kind: 'claimed' }
  | { kind: 'busy' }
  | { kind: 'stored'; response: IdempotentResponse };

/** A claim on an Idempotency-Key, taken before running the request it guards. */
export interface IdempotencyClaimRequest {
  scope: string;
  key: string;
  requestHash: string;
  /** Now, as ISO text. */
  now: string;
  /** A claim older than this (a crashed instance's) may be taken over; ISO text. */
  leaseUntil: string;
  /** A stored response created before this is expired and may be replaced; ISO text. */
  expiredBefore: string;
}

/** How one dependency is doing, for `GET /healthz`. */
export interface DependencyHealth {
  status: 'up' | 'down';
  /** Why it is down, in words safe to show anyone (no addresses, no credentials). */
  detail?: string;
}

/** How a secret's fingerprint compares with the one the store recorded first. */
export type FingerprintCheck = 'recorded' | 'matches' | 'differs';

/** One page query: newest first, items with `seq` below `beforeSeq` when given. */
export interface PageQuery {
  ownerId: string;
  limit: number;
  beforeSeq?: number | undefined;
}

/**
 * Everything the service keeps. Methods return data or `undefined`; they know nothing of HTTP.
 * A write resolves only once it is durable. Every backend (`runtime/embedded-store/`, `server/store/sqljs/`,
 * `server/store/postgres/`) implements it and passes the shared suite in `test-support/store/store-contract.ts`.
 * A record handed out is the caller's to read, never altered afterwards: a change hands out a new
 * one. Whether a read returns a new object or one handed out before is the backend's business.
 */
export interface Store extends EventStore {
  /** Inserts the course and, with `event`, records it (see {@link EventStore}), in one write. */
  insertCourse(
    course: Omit<CourseRecord, 'seq'>,
    idempotent?: IdempotentResponse,
    event?: EventDraft<CourseRecord>,
  ): Promise<CourseRecord>;
  getCourse(owner: CourseOwner, id: string): Promise<CourseRecord | undefined>;
  listCourses(
    query: PageQuery & CourseOwner & { status?: CourseStatus | undefined },
  ): Promise<CourseRecord[]>;
  /**
   * Applies `changes`; with `expectedStatus`, only while the course is still in that state (a
   * compare-and-set, so two instances changing one course cannot lose an update). `undefined`
   * when there is no such course, or its status moved on: the caller re-reads and decides. With
   * `event`, records it in the same write, only if the course changed.
   */
  updateCourse(
    owner: CourseOwner,
    id: string,
    changes: CourseChanges,
    expectedStatus?: CourseStatus,
    event?: EventDraft<CourseRecord>,
  ): Promise<CourseRecord | undefined>;
  /**
   * Deletes the course; with `expectedStatus`, only while it is in that state. With `event`,
   * records it (its payload from the course as it was) in the same write.
   */
  deleteCourse(
    owner: CourseOwner,
    id: string,
    expectedStatus?: CourseStatus,
    event?: EventDraft<CourseRecord>,
  ): Promise<boolean>;
  /** Deletes every course of `owner` (one account in one environment), recording no events; resolves how many there were. */
  deleteAllCourses(owner: CourseOwner): Promise<number>;

  /** Stores a key and, with `audit`, its `created` history entry, and with `event` its event, in one write. */
  insertApiKey(
    key: Omit<ApiKeyRecord, 'seq'>,
    idempotent?: IdempotentResponse,
    audit?: Audit,
    event?: EventDraft<ApiKeyRecord>,
  ): Promise<ApiKeyRecord>;
  findApiKeyByHash(hash: string): Promise<ApiKeyRecord | undefined>;
  listApiKeys(query: PageQuery & { environment?: KeyEnvironment | undefined }): Promise<ApiKeyRecord[]>;
  /**
   * Revokes a key and, with `audit`, records its `revoked` history entry, and with `event` its
   * event, in one write; revoking twice changes nothing (and records nothing).
   */
  revokeApiKey(
    ownerId: string,
    id: string,
    revokedAt: string,
    audit?: Audit,
    event?: EventDraft<ApiKeyRecord>,
  ): Promise<ApiKeyRecord | undefined>;
  /** The key `id` of `ownerId`; `undefined` for another owner's key, exactly as for a missing one. */
  getApiKey(ownerId: string, id: string): Promise<ApiKeyRecord | undefined>;
  /**
   * Sets the old key's expiry and `rolledTo`, and inserts its replacement (and `idempotent`, the
   * response completing its claim), in one write; only while the old key is neither revoked, nor
   * rolled, nor expired at `roll.now` (a compare-and-set, so two instances cannot roll one key
   * twice). `undefined` when there is no such key or it is no longer rollable: nothing changed,
   * the caller re-reads and says why. With `audit`, records `rolled_to` on the old key and
   * `rolled_from` on the new one in the same write; with `event`, records it (its payload from the
   * replacement) in the same write.
   */
  rollApiKey(
    roll: ApiKeyRoll,
    idempotent?: IdempotentResponse,
    audit?: Audit,
    event?: EventDraft<ApiKeyRecord>,
  ): Promise<{ old: ApiKeyRecord; replacement: ApiKeyRecord } | undefined>;
  /** Appends an event that goes with no other change (a leak report); see the other writes for theirs. */
  appendApiKeyEvent(event: Omit<ApiKeyEventRecord, 'seq'>): Promise<void>;
  /** Records the `expired` event of a key (by the service, at its `expiresAt`), once: later calls change nothing. */
  recordApiKeyExpiry(key: Pick<ApiKeyRecord, 'id' | 'ownerId' | 'expiresAt'>): Promise<void>;
  /** A key's events, newest first, paged by `seq`; none for another owner's key. */
  listApiKeyEvents(query: PageQuery & { keyId: string }): Promise<ApiKeyEventRecord[]>;
  /** Records when keys were last used; a batch, so authentication costs no write per request. */
  recordApiKeyUse(uses: ReadonlyArray<{ id: string; lastUsedAt: string }>): Promise<void>;
  /**
   * Adds `counts` to what each key's hour holds (instances sharing the store add up, never
   * overwrite), and keeps each key's latest client of `clients`; a batch written in the background.
   */
  recordApiKeyUsage(
    counts: readonly ApiKeyUsageRecord[],
    clients: readonly ApiKeyClientRecord[],
  ): Promise<void>;
  /** A key's hours with requests, from `from` (included) to `to` (excluded), oldest first. */
  listApiKeyUsage(query: { keyId: string; from: string; to: string }): Promise<ApiKeyUsageRecord[]>;
  /** Where the key was last used from, if it was. */
  getApiKeyClient(keyId: string): Promise<ApiKeyClientRecord | undefined>;

  /**
   * Claims an Idempotency-Key for one request, atomically for every instance sharing the store.
   * The insert that carries the response completes the claim; {@link releaseIdempotencyKey}
   * drops it when the request failed.
   */
  claimIdempotencyKey(claim: IdempotencyClaimRequest): Promise<IdempotencyClaim>;
  /** Drops a claim that no response completed; a stored response stays. */
  releaseIdempotencyKey(scope: string, key: string): Promise<void>;
  /** Forgets idempotent responses created before `createdBefore`. */
  purgeIdempotentResponses(createdBefore: string): Promise<void>;

  /**
   * Compares `fingerprint` (of the secret API keys are hashed under) with the one recorded the first
   * time this was called on the store, recording it then: `recorded` on that first call, after it
   * `matches` or `differs`. Atomic for every instance sharing the store; the first one wins.
   */
  checkSecretFingerprint(fingerprint: string): Promise<FingerprintCheck>;

  /** Whether the store can take writes now (for the health check); never throws. */
  checkHealth(): Promise<DependencyHealth>;
  /** Flushes every pending write, writes a snapshot, and releases files. */
  close(): Promise<void>;
}
