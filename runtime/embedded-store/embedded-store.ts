import type {
  ApiKeyEventRecord,
  CourseOwner,
  CourseRecord,
  DependencyHealth,
  IdempotentResponse,
  Store,
} from '../core/index.ts';
import { StoreConflictError } from '../core/index.ts';
import type { CourseStatus } from '../domain/course-lifecycle.ts';
import { expiryEvent, keyEvent, type NewApiKeyEvent } from './api-key-events.ts';
import { apiKeyRecord } from './api-key-index.ts';
import { changedCourse, courseRecord } from './course-index.ts';
import { EmbeddedEventStore } from './embedded-event-store.ts';
import type { StoreModel } from './store-model.ts';

/**
 * The {@link Store} of the memory and sql.js stores, written once over one {@link StoreModel}. A
 * backend adds only {@link persist}, and its own answers to the few reads it serves from its tables
 * rather than from the model. The methods are typed by the port (`Store['insertCourse']`), not
 * restated: a method's signature is written once, in the port.
 */
export abstract class EmbeddedStore extends EmbeddedEventStore implements Store {
  abstract checkHealth(): Promise<DependencyHealth>;
  abstract close(): Promise<void>;

  insertCourse: Store['insertCourse'] = async (course, idempotent, event) => {
    this.#assertInsertable(this.model.courses.has(course.id), idempotent);
    const record = courseRecord(course, this.model.courseSeq.last + 1);
    await this.commit({ insertedCourse: record, idempotent, events: this.recorded(event, record) });
    return record;
  };

  getCourse: Store['getCourse'] = async (owner, id) => this.model.courses.get(owner, id);

  listCourses: Store['listCourses'] = async (query) => this.model.courses.list(query);

  updateCourse: Store['updateCourse'] = async (owner, id, changes, expectedStatus, event) => {
    // Checked and written with no await between: the compare-and-set needs no lock.
    const current = this.#course(owner, id, expectedStatus);
    if (!current) return undefined;
    const next = changedCourse(current, changes);
    if (next !== current) await this.commit({ updatedCourses: [next], events: this.recorded(event, next) });
    return next;
  };

  deleteCourse: Store['deleteCourse'] = async (owner, id, expectedStatus, event) => {
    const current = this.#course(owner, id, expectedStatus);
    if (!current) return false;
    await this.commit({ deletedCourses: [current], events: this.recorded(event, current) });
    return true;
  };

  deleteAllCourses: Store['deleteAllCourses'] = async (owner) => {
    const deleted = this.countCourses(owner);
    await this.commit({ deletedCoursesOf: owner });
    return deleted;
  };

  insertApiKey: Store['insertApiKey'] = async (key, idempotent, audit, event) => {
    this.#assertInsertable(this.model.apiKeys.holds(key), idempotent);
    const record = apiKeyRecord(key, this.model.apiKeySeq.last + 1);
    const keyEvents = audit && this.#history(keyEvent(record, 'created', record.createdAt, audit));
    await this.commit({ addedKey: record, keyEvents, idempotent, events: this.recorded(event, record) });
    return record;
  };

  findApiKeyByHash: Store['findApiKeyByHash'] = async (hash) => this.model.apiKeys.findByHash(hash);

  listApiKeys: Store['listApiKeys'] = async (query) => this.model.apiKeys.list(query);

  // Revoking a revoked key changes nothing and returns it as it is, first revocation time kept.
  revokeApiKey: Store['revokeApiKey'] = async (ownerId, id, revokedAt, audit, event) => {
    const current = this.model.apiKeys.get(ownerId, id);
    if (!current || current.revokedAt !== null) return current;
    const next = apiKeyRecord({ ...current, revokedAt }, current.seq);
    const keyEvents = audit && this.#history(keyEvent(next, 'revoked', revokedAt, audit));
    await this.commit({ replacedKey: next, keyEvents, events: this.recorded(event, next) });
    return next;
  };

  getApiKey: Store['getApiKey'] = async (ownerId, id) => this.model.apiKeys.get(ownerId, id);

  rollApiKey: Store['rollApiKey'] = async (roll, idempotent, audit, event) => {
    // Checked and written with no await between: nothing else can revoke or roll it meanwhile.
    const current = this.model.apiKeys.rollable(roll.ownerId, roll.id, roll.now);
    if (!current) return undefined;
    this.#assertInsertable(this.model.apiKeys.holds(roll.replacement), idempotent);
    const { expiresAt, replacement: next } = roll;
    const old = apiKeyRecord({ ...current, expiresAt, rolledTo: next.id }, current.seq);
    const replacement = apiKeyRecord(next, this.model.apiKeySeq.last + 1);
    const keyEvents =
      audit &&
      this.#history(
        keyEvent(old, 'rolled_to', roll.now, audit, replacement.id),
        keyEvent(replacement, 'rolled_from', roll.now, audit, old.id),
      );
    const events = this.recorded(event, replacement);
    await this.commit({ replacedKey: old, addedKey: replacement, keyEvents, idempotent, events });
    return { old, replacement };
  };

  appendApiKeyEvent: Store['appendApiKeyEvent'] = async (event) => {
    await this.commit({ keyEvents: this.#history(event) });
  };

  recordApiKeyExpiry: Store['recordApiKeyExpiry'] = async (key) => {
    // Checked and written with no await between: the expiry is recorded once.
    if (key.expiresAt === null || this.hasExpiry(key.id)) return;
    await this.commit({ keyEvents: this.#history(expiryEvent(key)) });
  };

  listApiKeyEvents: Store['listApiKeyEvents'] = async (query) => this.model.local?.history.list(query) ?? [];

  recordApiKeyUse: Store['recordApiKeyUse'] = async (uses) => {
    if (uses.length > 0) await this.commit({ touchedKeys: uses });
  };

  recordApiKeyUsage: Store['recordApiKeyUsage'] = async (counts, clients) => {
    if (counts.length + clients.length > 0) await this.commit({ usageCounts: counts, usageClients: clients });
  };

  listApiKeyUsage: Store['listApiKeyUsage'] = async (query) => this.model.local?.usage.list(query) ?? [];

  getApiKeyClient: Store['getApiKeyClient'] = async (keyId) => this.model.local?.usage.client(keyId);

  // Claims live in the model only: one process holds an embedded store (for sql.js, its lock proves it).
  claimIdempotencyKey: Store['claimIdempotencyKey'] = async (claim) => this.model.idempotency.claim(claim);

  releaseIdempotencyKey: Store['releaseIdempotencyKey'] = async (scope, key) => {
    this.model.idempotency.release(scope, key);
  };

  purgeIdempotentResponses: Store['purgeIdempotentResponses'] = async (createdBefore) => {
    await this.commit({ purgedIdempotentBefore: createdBefore });
  };

  checkSecretFingerprint: Store['checkSecretFingerprint'] = async (fingerprint) => {
    const recorded = this.recordedFingerprint();
    if (recorded !== undefined) return recorded === fingerprint ? 'matches' : 'differs';
    await this.commit({ fingerprint });
    return 'recorded';
  };

  /** How many courses `owner` has; the sql.js store counts its table, as its model may not have loaded them. */
  protected countCourses(owner: CourseOwner): number {
    return this.model.courses.count(owner);
  }

  /** Whether the key's expiry is recorded; the sql.js store asks its table of histories. */
  protected hasExpiry(keyId: string): boolean {
    return this.model.local?.history.hasExpiry(keyId) ?? false;
  }

  /** The fingerprint recorded first, if any; the sql.js store reads its settings table. */
  protected recordedFingerprint(): string | undefined {
    return this.model.local?.fingerprint;
  }

  /** The course `id` of `owner`; with `status`, only while it is in that state. */
  #course(owner: CourseOwner, id: string, status?: CourseStatus): CourseRecord | undefined {
    const course = this.model.courses.get(owner, id);
    return status === undefined || course?.status === status ? course : undefined;
  }

  /** `events` as frozen history entries, each with the next seq. */
  #history(...events: NewApiKeyEvent[]): ApiKeyEventRecord[] {
    return events.map((event) => Object.freeze({ ...event, seq: ++this.model.historySeq.last }));
  }

  /**
   * Throws a {@link StoreConflictError} if the record is `taken` (its id, or API key hash, is
   * stored) or a response is stored under `idempotent`'s key: checked before anything changes.
   */
  #assertInsertable(taken: boolean, idempotent: IdempotentResponse | undefined): void {
    if (taken) throw new StoreConflictError('a record with this id (or API key hash) is already stored');
    this.model.idempotency.assertFree(idempotent);
  }
}
