// The records the service keeps, and each record's fields listed once (the stores' records, the
// SQL backends' columns and row readers all follow these lists); the Store port is store.ts.
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
 * stores build and their SQL columns are derived from it, and a test checks it against
 * {@link CourseRecord} and the spec's `Course`.
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
