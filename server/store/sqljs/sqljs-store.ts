// Over 300 lines on purpose: the Store port, method for method; its parts have files of their own.
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
} from '@course-service/runtime';
import { COURSE_CHANGE_FIELDS } from '@course-service/runtime';
import type { KeyEnvironment } from '@course-service/runtime/domain/api-key-format';
import type { CourseStatus } from '@course-service/runtime/domain/course-lifecycle';
import type { EventChanges } from '@course-service/runtime/embedded-store';
import {
  apiKeyRecord,
  changedCourse,
  courseRecord,
  EmbeddedEventStore,
  expiryEvent,
  keyEvent,
  type NewApiKeyEvent,
} from '@course-service/runtime/embedded-store';
import type { Row, SqlDatabase } from './database.ts';
import type { Durability } from './durability.ts';
import type { SqlOp } from './journal-codec.ts';
import type { JournalStats } from './journal-writer.ts';
import { loadReadModel, type ReadModel } from './read-model.ts';
import * as S from './statements.ts';

export class SqljsStore extends EmbeddedEventStore implements Store {
  #courseSeq: number;
  #apiKeySeq: number;
  #eventSeq: number;
  #closed: Promise<void> | undefined;
  /** The journal write of the last write: the journal is written in order, so all before it too. */
  #lastWrite: Promise<void> = Promise.resolve();
  readonly #model: ReadModel;

  /** Use `openSqljsStore`; this wires parts it has already opened and recovered. */
  constructor(
    private readonly sql: SqlDatabase,
    private readonly durability: Durability | undefined,
    private readonly unlock: () => Promise<void> = async () => undefined,
  ) {
    const model = loadReadModel(sql);
    super(model.events);
    this.#model = model;
    this.#courseSeq = Math.max(
      sql.meta(S.META.courseSeq),
      sql.one('SELECT max(seq) FROM courses', [], num) ?? 0,
    );
    this.#apiKeySeq = Math.max(
      sql.meta(S.META.apiKeySeq),
      sql.one('SELECT max(seq) FROM api_keys', [], num) ?? 0,
    );
    this.#eventSeq = sql.one(S.SQL.maxEventSeq, [], num) ?? 0;
  }

  async insertCourse(
    course: Omit<CourseRecord, 'seq'>,
    idempotent?: IdempotentResponse,
    event?: EventDraft<CourseRecord>,
  ): Promise<CourseRecord> {
    this.#model.idempotency.assertFree(idempotent);
    const record = courseRecord(course, this.#courseSeq + 1);
    // No sequence counter to write: while the course exists `max(seq)` is its seq, and a delete
    // records the counter before it could lower that maximum (see `#keepingCourseSeq`).
    const ops: SqlOp[] = [[S.SQL.insertCourse, S.courseParams(record)]];
    if (idempotent) ops.push([S.SQL.insertIdempotent, S.idempotentParams(idempotent)]);
    const durable = this.#write(
      ops,
      ({ courses, idempotency }) => {
        courses.put(record);
        if (idempotent) idempotency.store(idempotent);
      },
      this.#recorded(event, record),
    );
    this.#courseSeq = record.seq;
    await durable;
    return record;
  }

  async getCourse(owner: CourseOwner, id: string): Promise<CourseRecord | undefined> {
    return this.#model.courses.get(owner, id);
  }

  async listCourses(
    query: PageQuery & CourseOwner & { status?: CourseStatus | undefined },
  ): Promise<CourseRecord[]> {
    return this.#model.courses.list(query);
  }

  async updateCourse(
    owner: CourseOwner,
    id: string,
    changes: CourseChanges,
    expectedStatus?: CourseStatus,
    event?: EventDraft<CourseRecord>,
  ): Promise<CourseRecord | undefined> {
    const current = this.#model.courses.get(owner, id);
    // Checked and written with no await between: nothing else can change the course meanwhile.
    if (!current || (expectedStatus !== undefined && current.status !== expectedStatus)) return undefined;
    const next = changedCourse(current, changes);
    if (next === current) return current;
    const values = COURSE_CHANGE_FIELDS.map((field) => next[field]);
    await this.#write(
      [[S.SQL.updateCourse, [...values, id, owner.ownerId, owner.environment]]],
      ({ courses }) => courses.put(next),
      this.#recorded(event, next),
    );
    return next;
  }

  async deleteCourse(
    owner: CourseOwner,
    id: string,
    expectedStatus?: CourseStatus,
    event?: EventDraft<CourseRecord>,
  ): Promise<boolean> {
    const current = this.#model.courses.get(owner, id);
    if (!current || (expectedStatus !== undefined && current.status !== expectedStatus)) return false;
    await this.#write(
      this.#keepingCourseSeq([S.SQL.deleteCourse, [id, owner.ownerId, owner.environment]]),
      ({ courses }) => courses.delete(id),
      this.#recorded(event, current),
    );
    return true;
  }

  async deleteAllCourses(owner: CourseOwner): Promise<number> {
    // Counted in sql.js: the read model may not have loaded this owner, and need not now.
    const deleted = this.sql.one(S.SQL.countCourses, [owner.ownerId, owner.environment], num) ?? 0;
    await this.#write(
      this.#keepingCourseSeq([S.SQL.deleteAllCourses, [owner.ownerId, owner.environment]]),
      ({ courses }) => courses.deleteAll(owner),
    );
    return deleted;
  }

  async insertApiKey(
    key: Omit<ApiKeyRecord, 'seq'>,
    idempotent?: IdempotentResponse,
    audit?: Audit,
    event?: EventDraft<ApiKeyRecord>,
  ): Promise<ApiKeyRecord> {
    const record = apiKeyRecord(key, this.#apiKeySeq + 1);
    const events = audit ? [keyEvent(record, 'created', record.createdAt, audit)] : [];
    await this.#insertKey(record, idempotent, events, this.#recorded(event, record));
    return record;
  }

  async findApiKeyByHash(hash: string): Promise<ApiKeyRecord | undefined> {
    return this.#model.apiKeys.findByHash(hash);
  }

  async listApiKeys(
    query: PageQuery & { environment?: KeyEnvironment | undefined },
  ): Promise<ApiKeyRecord[]> {
    return this.#model.apiKeys.list(query);
  }

  /** Revoking a revoked key changes nothing and returns it as it is, first revocation time kept. */
  async revokeApiKey(
    ownerId: string,
    id: string,
    revokedAt: string,
    audit?: Audit,
    event?: EventDraft<ApiKeyRecord>,
  ): Promise<ApiKeyRecord | undefined> {
    const current = this.#model.apiKeys.get(ownerId, id);
    if (!current || current.revokedAt !== null) return current;
    const next = apiKeyRecord({ ...current, revokedAt }, current.seq);
    const events = audit ? [keyEvent(next, 'revoked', revokedAt, audit)] : [];
    await this.#write(
      [[S.SQL.revokeApiKey, [revokedAt, id, ownerId]], ...this.#eventOps(events)],
      ({ apiKeys }) => apiKeys.replace(next),
      this.#recorded(event, next),
    );
    return next;
  }

  async getApiKey(ownerId: string, id: string): Promise<ApiKeyRecord | undefined> {
    return this.#model.apiKeys.get(ownerId, id);
  }

  async rollApiKey(
    roll: ApiKeyRoll,
    idempotent?: IdempotentResponse,
    audit?: Audit,
    event?: EventDraft<ApiKeyRecord>,
  ): Promise<{ old: ApiKeyRecord; replacement: ApiKeyRecord } | undefined> {
    // Checked and written with no await between: nothing else can revoke or roll it meanwhile.
    const current = this.#model.apiKeys.rollable(roll.ownerId, roll.id, roll.now);
    if (!current) return undefined;
    const old = apiKeyRecord(
      { ...current, expiresAt: roll.expiresAt, rolledTo: roll.replacement.id },
      current.seq,
    );
    const replacement = apiKeyRecord(roll.replacement, this.#apiKeySeq + 1);
    const events = audit
      ? [
          keyEvent(old, 'rolled_to', roll.now, audit, replacement.id),
          keyEvent(replacement, 'rolled_from', roll.now, audit, old.id),
        ]
      : [];
    await this.#insertKey(replacement, idempotent, events, this.#recorded(event, replacement), {
      op: [S.SQL.rollApiKey, [old.expiresAt, old.rolledTo, old.id, old.ownerId]],
      apply: ({ apiKeys }) => apiKeys.replace(old),
    });
    return { old, replacement };
  }

  async appendApiKeyEvent(event: NewApiKeyEvent): Promise<void> {
    await this.#write(this.#eventOps([event]), () => undefined);
  }

  async recordApiKeyExpiry(key: Pick<ApiKeyRecord, 'id' | 'ownerId' | 'expiresAt'>): Promise<void> {
    // Checked and written with no await between: the expiry is recorded once.
    if (key.expiresAt === null || this.sql.one(S.SQL.hasExpiry, [key.id], num) !== undefined) return;
    await this.#write(this.#eventOps([expiryEvent(key)]), () => undefined);
  }

  // Histories are read from sql.js itself: they are read rarely, and never on the hot path.
  async listApiKeyEvents(query: PageQuery & { keyId: string }): Promise<ApiKeyEventRecord[]> {
    const events: ApiKeyEventRecord[] = [];
    const { keyId, ownerId, beforeSeq, limit } = query;
    this.sql.each(S.SQL.listEvents, [keyId, ownerId, beforeSeq ?? Number.MAX_SAFE_INTEGER, limit], (row) =>
      events.push(S.eventFromRow(row)),
    );
    return events;
  }

  async recordApiKeyUse(uses: ReadonlyArray<{ id: string; lastUsedAt: string }>): Promise<void> {
    if (uses.length === 0) return;
    await this.#write(
      uses.map(({ id, lastUsedAt }): SqlOp => [S.SQL.touchApiKey, [lastUsedAt, id]]),
      ({ apiKeys }) => {
        for (const { id, lastUsedAt } of uses) apiKeys.touch(id, lastUsedAt);
      },
    );
  }

  async recordApiKeyUsage(
    counts: readonly ApiKeyUsageRecord[],
    clients: readonly ApiKeyClientRecord[],
  ): Promise<void> {
    if (counts.length === 0 && clients.length === 0) return;
    const ops: SqlOp[] = [
      ...counts.map((count): SqlOp => [S.SQL.addUsage, S.usageParams(count)]),
      ...clients.map((c): SqlOp => [S.SQL.keepClient, [c.keyId, c.at, c.address, c.userAgent]]),
    ];
    await this.#write(ops, () => undefined);
  }

  async listApiKeyUsage(query: { keyId: string; from: string; to: string }): Promise<ApiKeyUsageRecord[]> {
    const hours: ApiKeyUsageRecord[] = [];
    this.sql.each(S.SQL.listUsage, [query.keyId, query.from, query.to], (row) =>
      hours.push(S.usageFromRow(row)),
    );
    return hours;
  }

  async getApiKeyClient(keyId: string): Promise<ApiKeyClientRecord | undefined> {
    return this.sql.one(S.SQL.getClient, [keyId], S.clientFromRow);
  }

  // Claims live in memory only: one process owns the data directory (its lock proves it).
  async claimIdempotencyKey(claim: IdempotencyClaimRequest): Promise<IdempotencyClaim> {
    return this.#model.idempotency.claim(claim);
  }

  async releaseIdempotencyKey(scope: string, key: string): Promise<void> {
    this.#model.idempotency.release(scope, key);
  }

  async purgeIdempotentResponses(createdBefore: string): Promise<void> {
    await this.#write([[S.SQL.purgeIdempotent, [createdBefore]]], ({ idempotency }) =>
      idempotency.purge(createdBefore),
    );
  }

  async checkSecretFingerprint(fingerprint: string): Promise<FingerprintCheck> {
    const recorded = this.sql.one(S.SQL.getSetting, [S.SECRET_FINGERPRINT], (row) => String(row[0]));
    if (recorded !== undefined) return recorded === fingerprint ? 'matches' : 'differs';
    await this.#write([[S.SQL.insertSetting, [S.SECRET_FINGERPRINT, fingerprint]]], () => undefined);
    return 'recorded';
  }

  /** Whether the store takes writes: open, and neither its journal nor its database has failed. */
  isWritable(): boolean {
    return this.#closed === undefined && this.#failure() === undefined;
  }

  async checkHealth(): Promise<DependencyHealth> {
    if (this.isWritable()) return { status: 'up' };
    if (this.#closed) return { status: 'down', detail: 'The store is closed.' };
    return { status: 'down', detail: this.sql.failure ? 'The database failed.' : 'The journal failed.' };
  }

  close(): Promise<void> {
    this.#closed ??= (async () => {
      try {
        await this.durability?.close();
      } finally {
        this.sql.close();
        await this.unlock();
      }
    })();
    return this.#closed;
  }

  /** Journal and checkpoint counters; `undefined` in `:memory:` mode. */
  stats(): (JournalStats & { checkpoints: number }) | undefined {
    return this.durability?.stats();
  }

  /** Folds the journal into a new snapshot now rather than when it reaches its size limit. */
  async checkpoint(): Promise<void> {
    this.#assertWritable();
    await this.durability?.checkpoint();
  }

  /**
   * Inserts `record` with its sequence counter, after `before` (the old key of a roll) when given,
   * and stores `idempotent` and `recorded` in the same write.
   */
  #insertKey(
    record: ApiKeyRecord,
    idempotent: IdempotentResponse | undefined,
    events: NewApiKeyEvent[],
    recorded: EventChanges | undefined,
    before?: { op: SqlOp; apply: (model: ReadModel) => void },
  ): Promise<void> {
    this.#model.idempotency.assertFree(idempotent);
    const ops: SqlOp[] = [
      ...(before ? [before.op] : []),
      [S.SQL.insertApiKey, S.apiKeyParams(record)],
      [S.SQL.setMeta, [S.META.apiKeySeq, record.seq]],
      ...this.#eventOps(events),
    ];
    if (idempotent) ops.push([S.SQL.insertIdempotent, S.idempotentParams(idempotent)]);
    const durable = this.#write(
      ops,
      (model) => {
        before?.apply(model);
        model.apiKeys.add(record);
        if (idempotent) model.idempotency.store(idempotent);
      },
      recorded,
    );
    this.#apiKeySeq = record.seq;
    return durable;
  }

  protected commitEvents(changes: EventChanges, idempotent?: IdempotentResponse): Promise<void> {
    if (!idempotent) return this.#write([], () => undefined, changes);
    this.#model.idempotency.assertFree(idempotent);
    return this.#write(
      [[S.SQL.insertIdempotent, S.idempotentParams(idempotent)]],
      ({ idempotency }) => idempotency.store(idempotent),
      changes,
    );
  }

  /** The event `draft` records about `record` (as it is after the change); none without a draft. */
  #recorded<R extends CourseOwner>(draft: EventDraft<R> | undefined, record: R): EventChanges | undefined {
    return draft && this.recorded(draft, record);
  }

  /** The inserts of `events`, each with the next `seq`. */
  #eventOps(events: NewApiKeyEvent[]): SqlOp[] {
    return events.map(
      (event): SqlOp => [S.SQL.insertEvent, S.eventParams({ ...event, seq: ++this.#eventSeq })],
    );
  }

  /**
   * Applies `ops` and the SQL of `events` (events, endpoints, deliveries) in memory as one write, all
   * or nothing (throws, changing nothing, if it fails), then `apply` and `events` to the read model,
   * which so shows exactly what sql.js holds, then journals them. A
   * journal failure after that rejects the write but, as before, leaves it in sql.js and so in
   * the model: a rejection means "not known to be durable".
   */
  #write(ops: readonly SqlOp[], apply: (model: ReadModel) => void, events?: EventChanges): Promise<void> {
    this.#assertWritable();
    const all = events ? [...ops, ...S.eventChangeOps(events, this.eventModel.seq)] : ops;
    this.sql.transact(all);
    apply(this.#model);
    if (events) this.eventModel.apply(events);
    if (!this.durability) return Promise.resolve();
    const durable = this.durability.append(all);
    this.#lastWrite = durable;
    return durable;
  }

  protected writtenSoFar(): Promise<void> {
    return this.#lastWrite;
  }

  /**
   * `op` (a delete) preceded by writing the course counter: a later start takes the larger of it
   * and `max(seq)`, so seqs (and so cursors) are never reused, even after the newest course goes.
   */
  #keepingCourseSeq(op: SqlOp): SqlOp[] {
    return [[S.SQL.setMeta, [S.META.courseSeq, this.#courseSeq]], op];
  }

  #assertWritable(): void {
    if (this.#closed) throw new Error('the store is closed');
    const failure = this.#failure();
    if (failure) throw failure;
  }

  #failure(): Error | undefined {
    return this.sql.failure ?? this.durability?.failure;
  }
}

function num(row: Row): number {
  return Number(row[0] ?? 0);
}
