import type { CourseOwner, DependencyHealth, Store } from '@course-service/runtime';
import { COURSE_CHANGE_FIELDS } from '@course-service/runtime';
import type { EventChanges, StoreModel, StoreWrite } from '@course-service/runtime/embedded-store';
import { EmbeddedStore } from '@course-service/runtime/embedded-store';
import { SECRET_FINGERPRINT } from '../columns.ts';
import type { SqlDatabase } from './database.ts';
import type { Durability } from './durability.ts';
import type { SqlOp } from './journal-codec.ts';
import { loadReadModel } from './read-model.ts';
import { META, ROWS, SQL } from './statements.ts';

/**
 * The embedded store made durable in sql.js: every write goes into sql.js first, all or nothing,
 * then into the read model (so the model shows exactly what sql.js holds), then into the journal.
 * Key histories, usage and settings are read from sql.js itself: rarely read, never on the hot
 * path, they stay out of the model.
 */
export class SqljsStore extends EmbeddedStore {
  #closed: Promise<void> | undefined;

  /** Use `openSqljsStore`; this wires parts it has already opened and recovered. */
  constructor(
    private readonly sql: SqlDatabase,
    private readonly durability: Durability | undefined,
    private readonly unlock: () => Promise<void> = async () => undefined,
  ) {
    super(loadReadModel(sql));
  }

  /** Applies the SQL of `write` in sql.js, all or nothing, then journals it. */
  protected persist(write: StoreWrite): Promise<void> | undefined {
    this.#assertWritable();
    const ops = writeOps(write, this.model);
    this.sql.transact(ops);
    return this.durability?.append(ops);
  }

  // Counted in sql.js: the read model may not have loaded this owner, and need not now.
  protected override countCourses(owner: CourseOwner): number {
    return this.sql.one(SQL.countCourses, [owner.ownerId, owner.environment], (row) => Number(row[0])) ?? 0;
  }

  protected override hasExpiry(keyId: string): boolean {
    return this.sql.one(SQL.hasExpiry, [keyId], () => true) ?? false;
  }

  protected override recordedFingerprint(): string | undefined {
    return this.sql.one(SQL.getSetting, [SECRET_FINGERPRINT], (row) => String(row[0]));
  }

  override listApiKeyEvents: Store['listApiKeyEvents'] = async ({ keyId, ownerId, beforeSeq, limit }) => {
    const before = beforeSeq ?? Number.MAX_SAFE_INTEGER;
    return this.sql.all(SQL.listEvents, [keyId, ownerId, before, limit], ROWS.keyEvent.fromRow);
  };

  override listApiKeyUsage: Store['listApiKeyUsage'] = async ({ keyId, from, to }) =>
    this.sql.all(SQL.listUsage, [keyId, from, to], ROWS.usage.fromRow);

  override getApiKeyClient: Store['getApiKeyClient'] = async (keyId) =>
    this.sql.one(SQL.getClient, [keyId], ROWS.client.fromRow);

  /** Up while the store takes writes: open, and neither its database nor its journal has failed. */
  async checkHealth(): Promise<DependencyHealth> {
    if (this.#closed) return { status: 'down', detail: 'The store is closed.' };
    if (this.sql.failure) return { status: 'down', detail: 'The database failed.' };
    if (this.durability?.failure) return { status: 'down', detail: 'The journal failed.' };
    return { status: 'up' };
  }

  close(): Promise<void> {
    this.#closed ??= Promise.resolve(this.durability?.close()).finally(async () => {
      this.sql.close();
      await this.unlock();
    });
    return this.#closed;
  }

  /** Folds the journal into a new snapshot now rather than when it reaches its size limit. */
  async checkpoint(): Promise<void> {
    this.#assertWritable();
    await this.durability?.checkpoint();
  }

  #assertWritable(): void {
    if (this.#closed) throw new Error('the store is closed');
    const failure = this.sql.failure ?? this.durability?.failure;
    if (failure) throw failure;
  }
}

/** Nothing to iterate, without an allocation per write. */
const NONE: readonly never[] = [];

/**
 * The SQL of `write`, built against `model` with no await since, part by part in the order
 * {@link StoreWrite} declares them. A delete of courses writes the course counter first: a later
 * start takes the larger of it and `max(seq)`, so seqs (and so cursors) are never reused, even
 * after the newest course goes. An insert needs none: while the course exists, `max(seq)` is its seq.
 */
function writeOps(write: StoreWrite, model: StoreModel): SqlOp[] {
  const ops: SqlOp[] = [];
  const { deletedCourses: deleted, deletedCoursesOf: all } = write;
  if (deleted || all) ops.push([SQL.setMeta, [META.courseSeq, model.courseSeq.last]]);
  if (write.insertedCourse) ops.push([SQL.insertCourse, ROWS.course.params(write.insertedCourse)]);
  for (const c of write.updatedCourses ?? NONE) {
    const values = COURSE_CHANGE_FIELDS.map((field) => c[field]);
    ops.push([SQL.updateCourse, [...values, c.id, c.ownerId, c.environment]]);
  }
  for (const c of deleted ?? NONE) ops.push([SQL.deleteCourse, [c.id, c.ownerId, c.environment]]);
  if (all) ops.push([SQL.deleteAllCourses, [all.ownerId, all.environment]]);
  const { replacedKey: key, addedKey: added } = write;
  if (key) ops.push([SQL.replaceApiKey, [key.expiresAt, key.revokedAt, key.rolledTo, key.id, key.ownerId]]);
  // A new key's counter beside it: deletes of keys do not exist, but the counter outlives them.
  if (added)
    ops.push([SQL.insertApiKey, ROWS.apiKey.params(added)], [SQL.setMeta, [META.apiKeySeq, added.seq]]);
  for (const use of write.touchedKeys ?? NONE) ops.push([SQL.touchApiKey, [use.lastUsedAt, use.id]]);
  for (const event of write.keyEvents ?? NONE) ops.push([SQL.insertEvent, ROWS.keyEvent.params(event)]);
  for (const count of write.usageCounts ?? NONE) ops.push([SQL.addUsage, ROWS.usage.params(count)]);
  for (const c of write.usageClients ?? NONE) ops.push([SQL.keepClient, ROWS.client.params(c)]);
  if (write.idempotent) ops.push([SQL.insertIdempotent, ROWS.idempotent.params(write.idempotent)]);
  const { purgedIdempotentBefore: purged, fingerprint } = write;
  if (purged !== undefined) ops.push([SQL.purgeIdempotent, [purged]]);
  if (fingerprint !== undefined) ops.push([SQL.insertSetting, [SECRET_FINGERPRINT, fingerprint]]);
  if (write.events) pushEventOps(ops, write.events, model.events.seq);
  return ops;
}

/**
 * Appends the SQL of `changes` (built against the model, whose counter is at `seq`): rows written
 * whole, then what is deleted, with the counter, so a later start never reuses a seq.
 */
function pushEventOps(ops: SqlOp[], changes: EventChanges, seq: number): void {
  for (const e of changes.events) ops.push([SQL.putAccountEvent, ROWS.accountEvent.params(e)]);
  for (const e of changes.endpoints) ops.push([SQL.putWebhookEndpoint, ROWS.endpoint.params(e)]);
  for (const d of changes.deliveries) ops.push([SQL.putWebhookDelivery, ROWS.delivery.params(d)]);
  const { deletedEndpoint: endpoint, purgedBefore: before } = changes;
  if (endpoint !== undefined) {
    ops.push([SQL.deleteWebhookDeliveriesOf, [endpoint]], [SQL.deleteWebhookEndpoint, [endpoint]]);
  }
  if (before !== undefined) {
    ops.push([SQL.purgeAccountEvents, [before]], [SQL.purgeWebhookDeliveries, [before]]);
  }
  if (endpoint !== undefined || before !== undefined) ops.push([SQL.setMeta, [META.eventSeq, seq]]);
}
