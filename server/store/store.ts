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
export type CourseChanges = Partial<
  Pick<CourseRecord, 'name' | 'description' | 'status' | 'updatedAt' | 'publishedAt' | 'archivedAt'>
>;

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
  seq: number;
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

/** One page query: newest first, items with `seq` below `beforeSeq` when given. */
export interface PageQuery {
  ownerId: string;
  limit: number;
  beforeSeq?: number | undefined;
}

/**
 * Everything the service keeps. Methods return data or `undefined`; they know nothing of HTTP.
 * A write resolves only once it is durable. This is the interface a second backend (PostgreSQL,
 * say) implements.
 */
export interface Store {
  insertCourse(course: Omit<CourseRecord, 'seq'>, idempotent?: IdempotentResponse): Promise<CourseRecord>;
  getCourse(owner: CourseOwner, id: string): Promise<CourseRecord | undefined>;
  listCourses(
    query: PageQuery & CourseOwner & { status?: CourseStatus | undefined },
  ): Promise<CourseRecord[]>;
  updateCourse(owner: CourseOwner, id: string, changes: CourseChanges): Promise<CourseRecord | undefined>;
  deleteCourse(owner: CourseOwner, id: string): Promise<boolean>;
  /** Deletes every course of `owner` (one account in one environment); resolves how many there were. */
  deleteAllCourses(owner: CourseOwner): Promise<number>;

  insertApiKey(key: Omit<ApiKeyRecord, 'seq'>, idempotent?: IdempotentResponse): Promise<ApiKeyRecord>;
  findApiKeyByHash(hash: string): Promise<ApiKeyRecord | undefined>;
  listApiKeys(query: PageQuery & { environment?: KeyEnvironment | undefined }): Promise<ApiKeyRecord[]>;
  revokeApiKey(ownerId: string, id: string, revokedAt: string): Promise<ApiKeyRecord | undefined>;
  /** Records when keys were last used; a batch, so authentication costs no write per request. */
  recordApiKeyUse(uses: ReadonlyArray<{ id: string; lastUsedAt: string }>): Promise<void>;

  getIdempotentResponse(scope: string, key: string): Promise<IdempotentResponse | undefined>;
  /** Forgets idempotent responses created before `createdBefore`. */
  purgeIdempotentResponses(createdBefore: string): Promise<void>;

  /** Whether the store can take writes (for the health check). */
  isWritable(): boolean;
  /** Flushes every pending write, writes a snapshot, and releases files. */
  close(): Promise<void>;
}
