import type { CourseOwner, DependencyHealth, Store } from '@course-service/runtime';
import type { StoreWrite } from '@course-service/runtime/embedded-store';
import { EmbeddedStore } from '@course-service/runtime/embedded-store';
import type { Row, SqlDatabase } from './database.ts';
import type { Durability } from './durability.ts';
import type { JournalStats } from './journal-writer.ts';
import { loadReadModel } from './read-model.ts';
import * as S from './statements.ts';
import { writeOps } from './write-ops.ts';

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

  /**
   * Applies the SQL of `write` as one write, all or nothing (throws, changing nothing, if it
   * fails), then journals it. A journal failure after that rejects the write but, as before,
   * leaves it in sql.js and so in the model: a rejection means "not known to be durable".
   */
  protected persist(write: StoreWrite): Promise<void> | undefined {
    this.#assertWritable();
    const ops = writeOps(write, this.model);
    this.sql.transact(ops);
    return this.durability?.append(ops);
  }

  // Counted in sql.js: the read model may not have loaded this owner, and need not now.
  protected override countCourses(owner: CourseOwner): number {
    return this.sql.one(S.SQL.countCourses, [owner.ownerId, owner.environment], num) ?? 0;
  }

  protected override hasExpiry(keyId: string): boolean {
    return this.sql.one(S.SQL.hasExpiry, [keyId], num) !== undefined;
  }

  protected override recordedFingerprint(): string | undefined {
    return this.sql.one(S.SQL.getSetting, [S.SECRET_FINGERPRINT], (row) => String(row[0]));
  }

  override listApiKeyEvents: Store['listApiKeyEvents'] = async ({ keyId, ownerId, beforeSeq, limit }) => {
    const before = beforeSeq ?? Number.MAX_SAFE_INTEGER;
    return this.sql.all(S.SQL.listEvents, [keyId, ownerId, before, limit], S.eventFromRow);
  };

  override listApiKeyUsage: Store['listApiKeyUsage'] = async ({ keyId, from, to }) =>
    this.sql.all(S.SQL.listUsage, [keyId, from, to], S.usageFromRow);

  override getApiKeyClient: Store['getApiKeyClient'] = async (keyId) =>
    this.sql.one(S.SQL.getClient, [keyId], S.clientFromRow);

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
