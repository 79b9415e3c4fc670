// Over 300 lines on purpose: the Store port, method for method (its EventStore half is in
// embedded-event-store.ts); its parts have files of their own.
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
  DependencyHealth,
  EventDraft,
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
import { ApiKeyEventLog, expiryEvent, keyEvent, type NewApiKeyEvent } from './api-key-events.ts';
import { ApiKeyIndex, apiKeyRecord } from './api-key-index.ts';
import { ApiKeyUsageLog } from './api-key-usage.ts';
import { CourseIndex, changedCourse, courseRecord } from './course-index.ts';
import { EmbeddedEventStore } from './embedded-event-store.ts';
import { type EventChanges, EventModel } from './event-model.ts';
import { IdempotencyIndex } from './idempotency-index.ts';

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

class InMemoryStore extends EmbeddedEventStore implements MemoryStore {
  // One counter for courses and keys: seqs only grow and are never reused, even after a delete.
  #seq = 0;
  #eventSeq = 0;
  #closed = false;
  readonly #courses = new CourseIndex();
  readonly #keys = new ApiKeyIndex();
  readonly #events = new ApiKeyEventLog();
  readonly #usage = new ApiKeyUsageLog();
  readonly #idempotency = new IdempotencyIndex();
  #fingerprint: string | undefined;

  constructor() {
    super(new EventModel());
  }

  clear(): void {
    this.eventModel.clear();
    this.#seq = 0;
    this.#eventSeq = 0;
    this.#fingerprint = undefined;
    this.#events.clear();
    this.#usage.clear();
    this.#courses.clear();
    this.#keys.clear();
    this.#idempotency.clear();
  }

  async insertCourse(
    course: Omit<CourseRecord, 'seq'>,
    idempotent?: IdempotentResponse,
    event?: EventDraft<CourseRecord>,
  ): Promise<CourseRecord> {
    return this.#inserting(idempotent, this.#courses.has(course.id), () => {
      const record = courseRecord(course, ++this.#seq);
      this.#courses.put(record);
      this.#record(event, record);
      return record;
    });
  }

  async getCourse(owner: CourseOwner, id: string): Promise<CourseRecord | undefined> {
    return this.#courses.get(owner, id);
  }

  async listCourses(
    query: PageQuery & CourseOwner & { status?: CourseStatus | undefined },
  ): Promise<CourseRecord[]> {
    return this.#courses.list(query);
  }

  async updateCourse(
    owner: CourseOwner,
    id: string,
    changes: CourseChanges,
    expectedStatus?: CourseStatus,
    event?: EventDraft<CourseRecord>,
  ): Promise<CourseRecord | undefined> {
    this.#assertOpen();
    // Checked and changed with no await between: the compare-and-set needs no lock.
    const current = this.#course(owner, id, expectedStatus);
    if (!current) return undefined;
    const next = changedCourse(current, changes);
    if (next !== current) {
      this.#courses.put(next);
      this.#record(event, next);
    }
    return next;
  }

  async deleteCourse(
    owner: CourseOwner,
    id: string,
    expectedStatus?: CourseStatus,
    event?: EventDraft<CourseRecord>,
  ): Promise<boolean> {
    this.#assertOpen();
    const current = this.#course(owner, id, expectedStatus);
    if (!current) return false;
    this.#courses.delete(id);
    this.#record(event, current);
    return true;
  }

  async deleteAllCourses(owner: CourseOwner): Promise<number> {
    this.#assertOpen();
    return this.#courses.deleteAll(owner);
  }

  async insertApiKey(
    key: Omit<ApiKeyRecord, 'seq'>,
    idempotent?: IdempotentResponse,
    audit?: Audit,
    event?: EventDraft<ApiKeyRecord>,
  ): Promise<ApiKeyRecord> {
    return this.#inserting(idempotent, this.#keys.holds(key), () => {
      const record = apiKeyRecord(key, ++this.#seq);
      this.#keys.add(record);
      if (audit) this.#append(keyEvent(record, 'created', record.createdAt, audit));
      this.#record(event, record);
      return record;
    });
  }

  async findApiKeyByHash(hash: string): Promise<ApiKeyRecord | undefined> {
    return this.#keys.findByHash(hash);
  }

  async listApiKeys(
    query: PageQuery & { environment?: KeyEnvironment | undefined },
  ): Promise<ApiKeyRecord[]> {
    return this.#keys.list(query);
  }

  /** Revoking a revoked key changes nothing and returns it as it is, first revocation time kept. */
  async revokeApiKey(
    ownerId: string,
    id: string,
    revokedAt: string,
    audit?: Audit,
    event?: EventDraft<ApiKeyRecord>,
  ): Promise<ApiKeyRecord | undefined> {
    this.#assertOpen();
    const current = this.#keys.get(ownerId, id);
    if (!current || current.revokedAt !== null) return current;
    const next = apiKeyRecord({ ...current, revokedAt }, current.seq);
    this.#keys.replace(next);
    if (audit) this.#append(keyEvent(next, 'revoked', revokedAt, audit));
    this.#record(event, next);
    return next;
  }

  async getApiKey(ownerId: string, id: string): Promise<ApiKeyRecord | undefined> {
    return this.#keys.get(ownerId, id);
  }

  async rollApiKey(
    roll: ApiKeyRoll,
    idempotent?: IdempotentResponse,
    audit?: Audit,
    event?: EventDraft<ApiKeyRecord>,
  ): Promise<{ old: ApiKeyRecord; replacement: ApiKeyRecord } | undefined> {
    this.#assertOpen();
    const current = this.#keys.rollable(roll.ownerId, roll.id, roll.now);
    if (!current) return undefined;
    return this.#inserting(idempotent, this.#keys.holds(roll.replacement), () => {
      const old = apiKeyRecord(
        { ...current, expiresAt: roll.expiresAt, rolledTo: roll.replacement.id },
        current.seq,
      );
      const replacement = apiKeyRecord(roll.replacement, ++this.#seq);
      this.#keys.replace(old);
      this.#keys.add(replacement);
      if (audit) {
        this.#append(keyEvent(old, 'rolled_to', roll.now, audit, replacement.id));
        this.#append(keyEvent(replacement, 'rolled_from', roll.now, audit, old.id));
      }
      this.#record(event, replacement);
      return { old, replacement };
    });
  }

  async appendApiKeyEvent(event: NewApiKeyEvent): Promise<void> {
    this.#assertOpen();
    this.#append(event);
  }

  async recordApiKeyExpiry(key: Pick<ApiKeyRecord, 'id' | 'ownerId' | 'expiresAt'>): Promise<void> {
    this.#assertOpen();
    if (key.expiresAt !== null && !this.#events.hasExpiry(key.id)) this.#append(expiryEvent(key));
  }

  async listApiKeyEvents(query: PageQuery & { keyId: string }): Promise<ApiKeyEventRecord[]> {
    return this.#events.list(query);
  }

  async recordApiKeyUse(uses: ReadonlyArray<{ id: string; lastUsedAt: string }>): Promise<void> {
    this.#assertOpen();
    for (const { id, lastUsedAt } of uses) this.#keys.touch(id, lastUsedAt);
  }

  async recordApiKeyUsage(
    counts: readonly ApiKeyUsageRecord[],
    clients: readonly ApiKeyClientRecord[],
  ): Promise<void> {
    this.#assertOpen();
    this.#usage.add(counts);
    this.#usage.keep(clients);
  }

  async listApiKeyUsage(query: { keyId: string; from: string; to: string }): Promise<ApiKeyUsageRecord[]> {
    return this.#usage.list(query);
  }

  async getApiKeyClient(keyId: string): Promise<ApiKeyClientRecord | undefined> {
    return this.#usage.client(keyId);
  }

  async claimIdempotencyKey(claim: IdempotencyClaimRequest): Promise<IdempotencyClaim> {
    this.#assertOpen();
    return this.#idempotency.claim(claim);
  }

  async releaseIdempotencyKey(scope: string, key: string): Promise<void> {
    this.#assertOpen();
    this.#idempotency.release(scope, key);
  }

  async purgeIdempotentResponses(createdBefore: string): Promise<void> {
    this.#assertOpen();
    this.#idempotency.purge(createdBefore);
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
    const course = this.#courses.get(owner, id);
    return status === undefined || course?.status === status ? course : undefined;
  }

  protected async writtenSoFar(): Promise<void> {}

  protected async commitEvents(changes: EventChanges, idempotent?: IdempotentResponse): Promise<void> {
    this.#assertOpen();
    this.#idempotency.assertFree(idempotent);
    this.eventModel.apply(changes);
    if (idempotent) this.#idempotency.store(idempotent);
  }

  /** Records `draft`'s event about `record`, in the step of the change it describes. */
  #record<R extends CourseOwner>(draft: EventDraft<R> | undefined, record: R): void {
    if (draft) this.eventModel.apply(this.recorded(draft, record));
  }

  #append(event: NewApiKeyEvent): void {
    this.#events.add(event, ++this.#eventSeq);
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
    this.#idempotency.assertFree(idempotent);
    const record = insert();
    if (idempotent) this.#idempotency.store(idempotent);
    return record;
  }
}
