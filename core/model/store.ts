import type { KeyEnvironment } from '../../domain/api-key-format.ts';
import type { CourseStatus } from '../../domain/course-lifecycle.ts';

/**
 * Whose courses: an account in one environment. Every course query is scoped by both, so a test
 * key's requests never reach a production course, and the reverse.
 */
export interface CourseOwner {
  ownerId: string;
  environment: KeyEnvironment;
}

/**
 * The fields of a course record, in the one order every list of them follows: the records the
 * stores build, their SQL columns and the interner's comparison are derived from it, and a test
 * checks it against {@link CourseRecord} and the spec's `Course`.
 */
export const COURSE_FIELDS = [
  'id',
  'ownerId',
  'environment',
  'name',
  'description',
  'status',
  'createdAt',
  'updatedAt',
  'publishedAt',
  'archivedAt',
  'seq',
] as const satisfies ReadonlyArray<keyof CourseRecord>;

/** The fields of a course that a change may set (see {@link CourseChanges}). */
export const COURSE_CHANGE_FIELDS = [
  'name',
  'description',
  'status',
  'updatedAt',
  'publishedAt',
  'archivedAt',
] as const satisfies ReadonlyArray<keyof CourseRecord>;

/**
 * The fields of the other records, each in the one order the SQL backends' columns, parameters and
 * row readers follow (`server/store/columns.ts`), as {@link COURSE_FIELDS} for courses.
 */
export const KEY_FIELDS = [
  'id',
  'ownerId',
  'name',
  'hash',
  'start',
  'environment',
  'scopes',
  'createdAt',
  'lastUsedAt',
  'expiresAt',
  'revokedAt',
  'seq',
  'rolledFrom',
  'rolledTo',
] as const satisfies ReadonlyArray<keyof ApiKeyRecord>;
export const EVENT_FIELDS = [
  'seq',
  'keyId',
  'ownerId',
  'type',
  'at',
  'actorType',
  'actorSubject',
  'requestId',
  'relatedKeyId',
] as const satisfies ReadonlyArray<keyof ApiKeyEventRecord>;
export const USAGE_FIELDS = [
  'keyId',
  'hour',
  'success',
  'forbidden',
  'rateLimited',
  'clientError',
  'serverError',
] as const satisfies ReadonlyArray<keyof ApiKeyUsageRecord>;
export const CLIENT_FIELDS = ['keyId', 'at', 'address', 'userAgent'] as const satisfies ReadonlyArray<
  keyof ApiKeyClientRecord
>;
export const IDEMPOTENCY_FIELDS = [
  'scope',
  'key',
  'requestHash',
  'status',
  'body',
  'createdAt',
] as const satisfies ReadonlyArray<keyof IdempotentResponse>;

/** A course as stored. `seq` orders courses (newest has the largest) and is never reused. */
export interface CourseRecord {
  id: string;
  ownerId: string;
  environment: KeyEnvironment;
  name: string;
  description: string;
  status: CourseStatus;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  archivedAt: string | null;
  seq: number;
}

/** The fields of a course a change may set. */
export type CourseChanges = Partial<Pick<CourseRecord, (typeof COURSE_CHANGE_FIELDS)[number]>>;

/** An API key as stored: only a keyed hash of its value, never the value. */
export interface ApiKeyRecord {
  id: string;
  ownerId: string;
  name: string;
  /** HMAC-SHA-256 of the key value under the server secret, hex. */
  hash: string;
  start: string;
  environment: KeyEnvironment;
  scopes: string[];
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  /** The key this one replaced in a roll; null if it was created afresh. */
  rolledFrom: string | null;
  /** The key that replaced this one in a roll; null until it is rolled. */
  rolledTo: string | null;
  seq: number;
}

/** A roll of an API key: the old key's new expiry and its replacement, written together. */
export interface ApiKeyRoll {
  ownerId: string;
  /** The old key's id. */
  id: string;
  /** Now, as ISO text: the old key must not have expired by then. */
  now: string;
  /** When the old key stops working from now on, as ISO text. */
  expiresAt: string;
  /** The new key, with `rolledFrom` naming the old one. */
  replacement: Omit<ApiKeyRecord, 'seq'>;
}

/** What can happen to an API key, as its history records it. */
export type ApiKeyEventType =
  | 'created'
  | 'rolled_from'
  | 'rolled_to'
  | 'revoked'
  | 'expired'
  | 'reported_leaked';

/** Who changed a key, and in which request: recorded with the event the change makes. */
export interface Audit {
  /** `user` (an ID token's subject), `master` (the MCP master key) or `service` (the service itself). */
  actorType: 'user' | 'master' | 'service';
  /** The subject of a `user`; null otherwise. */
  actorSubject: string | null;
  requestId: string | null;
}

/** One entry of a key's append-only history. `seq` orders them (newest has the largest). */
export interface ApiKeyEventRecord extends Audit {
  keyId: string;
  ownerId: string;
  type: ApiKeyEventType;
  at: string;
  /** The other key of a roll; null for other events. */
  relatedKeyId: string | null;
  seq: number;
}

/** Requests counted by outcome: 2xx and 304, 403, 429, other 4xx, 5xx. */
export interface UsageCounts {
  success: number;
  forbidden: number;
  rateLimited: number;
  clientError: number;
  serverError: number;
}

/** The requests one key authenticated in one hour (`hour`: its start, ISO text). */
export interface ApiKeyUsageRecord extends UsageCounts {
  keyId: string;
  hour: string;
}

/** Where a key was used from, at its latest counted request. */
export interface ApiKeyClientRecord {
  keyId: string;
  at: string;
  address: string;
  userAgent: string | null;
}

/** A response stored under an Idempotency-Key, to be replayed to a retry. */
export interface IdempotentResponse {
  /** The owner and operation the key belongs to, e.g. `user-1 createCourse`. */
  scope: string;
  key: string;
  /** SHA-256 of the request body, to tell a retry from a different request under the same key. */
  requestHash: string;
  status: number;
  body: unknown;
  createdAt: string;
}

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
 * A write resolves only once it is durable. Every backend (`memory/`, `server/store/sqljs/`,
 * `server/store/postgres/`) implements it and passes the shared suite in `server/store/test-support/store-contract.ts`.
 *
 * Course records are frozen, and a course is the same object at every read (get, list, or an
 * update that changes nothing) until it changes: a change hands out a new object and never
 * alters one handed out. The course representations cache their JSON and ETag per record
 * object (`operations/representations.ts`) and rely on both.
 */
export interface Store {
  insertCourse(course: Omit<CourseRecord, 'seq'>, idempotent?: IdempotentResponse): Promise<CourseRecord>;
  getCourse(owner: CourseOwner, id: string): Promise<CourseRecord | undefined>;
  listCourses(
    query: PageQuery & CourseOwner & { status?: CourseStatus | undefined },
  ): Promise<CourseRecord[]>;
  /**
   * Applies `changes`; with `expectedStatus`, only while the course is still in that state (a
   * compare-and-set, so two instances changing one course cannot lose an update). `undefined`
   * when there is no such course, or its status moved on: the caller re-reads and decides.
   */
  updateCourse(
    owner: CourseOwner,
    id: string,
    changes: CourseChanges,
    expectedStatus?: CourseStatus,
  ): Promise<CourseRecord | undefined>;
  /** Deletes the course; with `expectedStatus`, only while it is in that state. */
  deleteCourse(owner: CourseOwner, id: string, expectedStatus?: CourseStatus): Promise<boolean>;
  /** Deletes every course of `owner` (one account in one environment); resolves how many there were. */
  deleteAllCourses(owner: CourseOwner): Promise<number>;

  /** Stores a key and, with `audit`, its `created` event, in one write. */
  insertApiKey(
    key: Omit<ApiKeyRecord, 'seq'>,
    idempotent?: IdempotentResponse,
    audit?: Audit,
  ): Promise<ApiKeyRecord>;
  findApiKeyByHash(hash: string): Promise<ApiKeyRecord | undefined>;
  listApiKeys(query: PageQuery & { environment?: KeyEnvironment | undefined }): Promise<ApiKeyRecord[]>;
  /** Revokes a key and, with `audit`, records its `revoked` event, in one write; revoking twice changes nothing. */
  revokeApiKey(
    ownerId: string,
    id: string,
    revokedAt: string,
    audit?: Audit,
  ): Promise<ApiKeyRecord | undefined>;
  /** The key `id` of `ownerId`; `undefined` for another owner's key, exactly as for a missing one. */
  getApiKey(ownerId: string, id: string): Promise<ApiKeyRecord | undefined>;
  /**
   * Sets the old key's expiry and `rolledTo`, and inserts its replacement (and `idempotent`, the
   * response completing its claim), in one write; only while the old key is neither revoked, nor
   * rolled, nor expired at `roll.now` (a compare-and-set, so two instances cannot roll one key
   * twice). `undefined` when there is no such key or it is no longer rollable: nothing changed,
   * the caller re-reads and says why. With `audit`, records `rolled_to` on the old key and
   * `rolled_from` on the new one in the same write.
   */
  rollApiKey(
    roll: ApiKeyRoll,
    idempotent?: IdempotentResponse,
    audit?: Audit,
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
