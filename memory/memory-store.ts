import type {
  ApiKeyRecord,
  CourseChanges,
  CourseOwner,
  CourseRecord,
  DependencyHealth,
  FingerprintCheck,
  IdempotencyClaim,
  IdempotencyClaimRequest,
  IdempotentResponse,
  PageQuery,
  Store,
} from '../core/index.ts';
import { StoreConflictError } from '../core/index.ts';
import type { KeyEnvironment } from '../domain/api-key-format.ts';
import type { CourseStatus } from '../domain/course-lifecycle.ts';
import * as R from './records.ts';

const UPDATABLE = ['name', 'description', 'status', 'updatedAt', 'publishedAt', 'archivedAt'] as const;

/** A {@link Store} in memory, which can also be emptied at once (the mocks' `reset()`). */
export interface MemoryStore extends Store {
  /** Forgets everything, as a new store would; `seq` starts again. */
  clear(): void;
}

/**
 * Creates an empty {@link Store} held in plain JS memory, for tests and the msw mocks (it runs in a
 * browser too). Every call completes before it resolves, so each is atomic; nothing outlives the
 * store. Records are frozen and shared: a read hands out the object stored until a change replaces it.
 */
export function createMemoryStore(): MemoryStore {
  return new InMemoryStore();
}

class InMemoryStore implements MemoryStore {
  // One counter for courses and keys: seqs only grow and are never reused, even after a delete.
  #seq = 0;
  #closed = false;
  readonly #courses = new Map<string, CourseRecord>();
  /** Courses in `seq` order per owner and environment, and per owner, environment and status. */
  readonly #courseLists = new Map<string, CourseRecord[]>();
  readonly #keys = new Map<string, ApiKeyRecord>();
  readonly #keysByHash = new Map<string, ApiKeyRecord>();
  /** Keys in `seq` order per owner, and per owner and environment. */
  readonly #keyLists = new Map<string, ApiKeyRecord[]>();
  readonly #idempotency = new Map<string, R.IdempotencyEntry>();

  #fingerprint: string | undefined;

  clear(): void {
    this.#seq = 0;
    this.#fingerprint = undefined;
    for (const map of [this.#courses, this.#courseLists, this.#keys, this.#keysByHash, this.#keyLists])
      map.clear();
    this.#idempotency.clear();
  }

  async insertCourse(
    course: Omit<CourseRecord, 'seq'>,
    idempotent?: IdempotentResponse,
  ): Promise<CourseRecord> {
    return this.#inserting(idempotent, this.#courses.has(course.id), () => {
      const record = R.courseRecord(course, ++this.#seq);
      this.#courses.set(record.id, record);
      for (const name of R.courseLists(record)) R.place(R.listIn(this.#courseLists, name), record);
      return record;
    });
  }

  async getCourse(owner: CourseOwner, id: string): Promise<CourseRecord | undefined> {
    return this.#course(owner, id);
  }

  async listCourses(
    query: PageQuery & CourseOwner & { status?: CourseStatus | undefined },
  ): Promise<CourseRecord[]> {
    const items = this.#courseLists.get(R.listKey(query.ownerId, query.environment, query.status));
    return items ? R.newestBefore(items, query.beforeSeq, query.limit) : [];
  }

  async updateCourse(
    owner: CourseOwner,
    id: string,
    changes: CourseChanges,
    expectedStatus?: CourseStatus,
  ): Promise<CourseRecord | undefined> {
    this.#assertOpen();
    // Checked and changed with no await between: the compare-and-set needs no lock.
    const current = this.#course(owner, id, expectedStatus);
    if (!current) return undefined;
    // Only the updatable fields; an `undefined` one leaves the field as it is, as in SQL.
    const set = UPDATABLE.flatMap((field) => (changes[field] === undefined ? [] : [[field, changes[field]]]));
    const next = R.courseRecord({ ...current, ...Object.fromEntries(set) }, current.seq);
    // Nothing changed: hand out the same object, so caches keyed on it stay valid.
    if (UPDATABLE.every((field) => next[field] === current[field])) return current;
    this.#courses.set(id, next);
    if (next.status !== current.status) {
      R.removeSeq(this.#courseLists.get(R.courseLists(current)[1]), current.seq);
    }
    for (const name of R.courseLists(next)) R.place(R.listIn(this.#courseLists, name), next);
    return next;
  }

  async deleteCourse(owner: CourseOwner, id: string, expectedStatus?: CourseStatus): Promise<boolean> {
    this.#assertOpen();
    const current = this.#course(owner, id, expectedStatus);
    if (!current) return false;
    this.#courses.delete(id);
    for (const name of R.courseLists(current)) R.removeSeq(this.#courseLists.get(name), current.seq);
    return true;
  }

  async deleteAllCourses(owner: CourseOwner): Promise<number> {
    this.#assertOpen();
    const courses = this.#courseLists.get(R.listKey(owner.ownerId, owner.environment)) ?? [];
    // The lists go with the courses (the per-status ones through the courses that are in them).
    for (const course of courses) {
      this.#courses.delete(course.id);
      for (const name of R.courseLists(course)) this.#courseLists.delete(name);
    }
    return courses.length;
  }

  async insertApiKey(key: Omit<ApiKeyRecord, 'seq'>, idempotent?: IdempotentResponse): Promise<ApiKeyRecord> {
    const taken = this.#keys.has(key.id) || this.#keysByHash.has(key.hash);
    return this.#inserting(idempotent, taken, () => this.#putKey(R.keyRecord(key, ++this.#seq)));
  }

  async findApiKeyByHash(hash: string): Promise<ApiKeyRecord | undefined> {
    return this.#keysByHash.get(hash);
  }

  async listApiKeys(
    query: PageQuery & { environment?: KeyEnvironment | undefined },
  ): Promise<ApiKeyRecord[]> {
    const items = this.#keyLists.get(R.listKey(query.ownerId, query.environment));
    return items ? R.newestBefore(items, query.beforeSeq, query.limit) : [];
  }

  /** Revoking a revoked key changes nothing and returns it as it is, first revocation time kept. */
  async revokeApiKey(ownerId: string, id: string, revokedAt: string): Promise<ApiKeyRecord | undefined> {
    this.#assertOpen();
    const current = this.#keys.get(id);
    if (current?.ownerId !== ownerId) return undefined;
    if (current.revokedAt !== null) return current;
    return this.#putKey(R.keyRecord({ ...current, revokedAt }, current.seq));
  }

  async recordApiKeyUse(uses: ReadonlyArray<{ id: string; lastUsedAt: string }>): Promise<void> {
    this.#assertOpen();
    for (const { id, lastUsedAt } of uses) {
      const key = this.#keys.get(id);
      // Never backwards: batches from several instances may arrive out of order.
      if (key && (key.lastUsedAt === null || key.lastUsedAt < lastUsedAt)) {
        this.#putKey(R.keyRecord({ ...key, lastUsedAt }, key.seq));
      }
    }
  }

  async getIdempotentResponse(scope: string, key: string): Promise<IdempotentResponse | undefined> {
    const entry = this.#idempotency.get(R.idempotencyId(scope, key));
    return entry?.kind === 'stored' ? R.responseOf(entry) : undefined;
  }

  async claimIdempotencyKey(claim: IdempotencyClaimRequest): Promise<IdempotencyClaim> {
    this.#assertOpen();
    const id = R.idempotencyId(claim.scope, claim.key);
    const entry = this.#idempotency.get(id);
    // A claim whose lease has run out (its request never finished) may be taken over, as may an
    // expired response; checked and taken in one synchronous step, so no other claim slips in.
    if (entry?.kind === 'claim' && !(entry.leaseUntil < claim.now)) return { kind: 'busy' };
    if (entry?.kind === 'stored' && !(entry.response.createdAt < claim.expiredBefore)) {
      return { kind: 'stored', response: R.responseOf(entry) };
    }
    this.#idempotency.set(id, { kind: 'claim', leaseUntil: claim.leaseUntil });
    return { kind: 'claimed' };
  }

  async releaseIdempotencyKey(scope: string, key: string): Promise<void> {
    this.#assertOpen();
    const id = R.idempotencyId(scope, key);
    if (this.#idempotency.get(id)?.kind === 'claim') this.#idempotency.delete(id);
  }

  async purgeIdempotentResponses(createdBefore: string): Promise<void> {
    this.#assertOpen();
    for (const [id, entry] of this.#idempotency) {
      if (entry.kind === 'stored' && entry.response.createdAt < createdBefore) this.#idempotency.delete(id);
    }
  }

  async checkSecretFingerprint(fingerprint: string): Promise<FingerprintCheck> {
    this.#assertOpen();
    if (this.#fingerprint === undefined) {
      this.#fingerprint = fingerprint;
      return 'recorded';
    }
    return this.#fingerprint === fingerprint ? 'matches' : 'differs';
  }

  async checkHealth(): Promise<DependencyHealth> {
    return this.#closed ? { status: 'down', detail: 'The store is closed.' } : { status: 'up' };
  }

  /** Refuses writes from now on; the data stays readable, nothing else needs releasing. */
  async close(): Promise<void> {
    this.#closed = true;
  }

  /** The course `id` of `owner`; with `status`, only while it is in that state. */
  #course(owner: CourseOwner, id: string, status?: CourseStatus): CourseRecord | undefined {
    const course = this.#courses.get(id);
    if (course?.ownerId !== owner.ownerId || course.environment !== owner.environment) return undefined;
    return status === undefined || course.status === status ? course : undefined;
  }

  #assertOpen(): void {
    if (this.#closed) throw new Error('the store is closed');
  }

  /**
   * Runs `insert` (unless `taken`: its id or hash is already stored) and stores `idempotent`, the
   * response completing its claim, in the same step. Everything is checked before anything changes,
   * so a conflict leaves the store as it was.
   */
  #inserting<T>(idempotent: IdempotentResponse | undefined, taken: boolean, insert: () => T): T {
    this.#assertOpen();
    if (taken) throw new StoreConflictError('a record with this id (or API key hash) is already stored');
    const id = idempotent && R.idempotencyId(idempotent.scope, idempotent.key);
    // A stored response is never overwritten, expired or not: a response completes a claim, or nothing.
    if (id && this.#idempotency.get(id)?.kind === 'stored') {
      throw new StoreConflictError('a response is already stored under this key');
    }
    const record = insert();
    if (id && idempotent) this.#idempotency.set(id, R.storedEntry(idempotent));
    return record;
  }

  /** Adds a frozen key, or puts it in the place of the stored key with its id; returns it. */
  #putKey(key: ApiKeyRecord): ApiKeyRecord {
    this.#keys.set(key.id, key);
    this.#keysByHash.set(key.hash, key);
    for (const name of [R.listKey(key.ownerId), R.listKey(key.ownerId, key.environment)]) {
      R.place(R.listIn(this.#keyLists, name), key);
    }
    return key;
  }
}
