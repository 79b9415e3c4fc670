import type { CourseStatus } from '../../domain/course-lifecycle.ts';
import type { Row, SqlDatabase } from './database.ts';
import type { Durability } from './durability.ts';
import type { SqlOp } from './journal-codec.ts';
import type { JournalStats } from './journal-writer.ts';
import * as S from './statements.ts';
import type {
  ApiKeyRecord,
  CourseChanges,
  CourseRecord,
  IdempotentResponse,
  PageQuery,
  Store,
} from './store.ts';

// Larger than any seq, so "no cursor" uses the same statement (and index) as "a cursor".
const NO_CURSOR = Number.MAX_SAFE_INTEGER;

/**
 * The {@link Store} on sql.js. Reads and writes run on the in-memory database at once; a write's
 * promise resolves when its journal entry is durable (never, in `:memory:` mode, is there a file).
 * Reads may see a write a moment before it is acknowledged, as with any group commit.
 */
export class SqljsStore implements Store {
  #courseSeq: number;
  #apiKeySeq: number;
  #closed: Promise<void> | undefined;

  /** Use `openStore`; this wires parts it has already opened and recovered. */
  constructor(
    private readonly sql: SqlDatabase,
    private readonly durability: Durability | undefined,
  ) {
    this.#courseSeq = Math.max(
      sql.meta(S.META.courseSeq),
      sql.one('SELECT max(seq) FROM courses', [], num) ?? 0,
    );
    this.#apiKeySeq = Math.max(
      sql.meta(S.META.apiKeySeq),
      sql.one('SELECT max(seq) FROM api_keys', [], num) ?? 0,
    );
  }

  async insertCourse(
    course: Omit<CourseRecord, 'seq'>,
    idempotent?: IdempotentResponse,
  ): Promise<CourseRecord> {
    const record: CourseRecord = { ...course, seq: this.#courseSeq + 1 };
    const ops: SqlOp[] = [
      [S.SQL.insertCourse, S.courseParams(record)],
      [S.SQL.setMeta, [S.META.courseSeq, record.seq]],
    ];
    if (idempotent) ops.push([S.SQL.insertIdempotent, S.idempotentParams(idempotent)]);
    const durable = this.#write(ops);
    this.#courseSeq = record.seq;
    await durable;
    return record;
  }

  async getCourse(ownerId: string, id: string): Promise<CourseRecord | undefined> {
    return this.sql.one(S.SQL.getCourse, [id, ownerId], S.courseFromRow);
  }

  async listCourses(query: PageQuery & { status?: CourseStatus }): Promise<CourseRecord[]> {
    const before = query.beforeSeq ?? NO_CURSOR;
    return query.status === undefined
      ? this.sql.all(S.SQL.listCourses, [query.ownerId, before, query.limit], S.courseFromRow)
      : this.sql.all(
          S.SQL.listCoursesByStatus,
          [query.ownerId, query.status, before, query.limit],
          S.courseFromRow,
        );
  }

  async updateCourse(ownerId: string, id: string, changes: CourseChanges): Promise<CourseRecord | undefined> {
    const current = this.sql.one(S.SQL.getCourse, [id, ownerId], S.courseFromRow);
    if (!current) return undefined;
    const next: CourseRecord = { ...current, ...withoutUndefined(changes) };
    const { name, description, status, updatedAt, publishedAt, archivedAt } = next;
    await this.#write([
      [S.SQL.updateCourse, [name, description, status, updatedAt, publishedAt, archivedAt, id, ownerId]],
    ]);
    return next;
  }

  async deleteCourse(ownerId: string, id: string): Promise<boolean> {
    if (!this.sql.one(S.SQL.getCourse, [id, ownerId], () => true)) return false;
    await this.#write([[S.SQL.deleteCourse, [id, ownerId]]]);
    return true;
  }

  async insertApiKey(key: Omit<ApiKeyRecord, 'seq'>, idempotent?: IdempotentResponse): Promise<ApiKeyRecord> {
    const record: ApiKeyRecord = { ...key, scopes: [...key.scopes], seq: this.#apiKeySeq + 1 };
    const ops: SqlOp[] = [
      [S.SQL.insertApiKey, S.apiKeyParams(record)],
      [S.SQL.setMeta, [S.META.apiKeySeq, record.seq]],
    ];
    if (idempotent) ops.push([S.SQL.insertIdempotent, S.idempotentParams(idempotent)]);
    const durable = this.#write(ops);
    this.#apiKeySeq = record.seq;
    await durable;
    return record;
  }

  async findApiKeyByHash(hash: string): Promise<ApiKeyRecord | undefined> {
    return this.sql.one(S.SQL.findApiKeyByHash, [hash], S.apiKeyFromRow);
  }

  async listApiKeys(query: PageQuery): Promise<ApiKeyRecord[]> {
    const params = [query.ownerId, query.beforeSeq ?? NO_CURSOR, query.limit];
    return this.sql.all(S.SQL.listApiKeys, params, S.apiKeyFromRow);
  }

  /** Revoking a revoked key changes nothing and returns it as it is, first revocation time kept. */
  async revokeApiKey(ownerId: string, id: string, revokedAt: string): Promise<ApiKeyRecord | undefined> {
    const current = this.sql.one(S.SQL.getApiKey, [id, ownerId], S.apiKeyFromRow);
    if (!current || current.revokedAt !== null) return current;
    await this.#write([[S.SQL.revokeApiKey, [revokedAt, id, ownerId]]]);
    return { ...current, revokedAt };
  }

  async recordApiKeyUse(uses: ReadonlyArray<{ id: string; lastUsedAt: string }>): Promise<void> {
    if (uses.length === 0) return;
    await this.#write(uses.map(({ id, lastUsedAt }): SqlOp => [S.SQL.touchApiKey, [lastUsedAt, id]]));
  }

  async getIdempotentResponse(scope: string, key: string): Promise<IdempotentResponse | undefined> {
    return this.sql.one(S.SQL.getIdempotent, [scope, key], S.idempotentFromRow);
  }

  async purgeIdempotentResponses(createdBefore: string): Promise<void> {
    await this.#write([[S.SQL.purgeIdempotent, [createdBefore]]]);
  }

  isWritable(): boolean {
    return this.#closed === undefined && this.durability?.failure === undefined;
  }

  close(): Promise<void> {
    this.#closed ??= (async () => {
      try {
        await this.durability?.close();
      } finally {
        this.sql.close();
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

  /** Applies `ops` in memory as one transaction (throws, changing nothing, if that fails), then journals them. */
  #write(ops: readonly SqlOp[]): Promise<void> {
    this.#assertWritable();
    this.sql.transact(ops);
    return this.durability ? this.durability.append(ops) : Promise.resolve();
  }

  #assertWritable(): void {
    if (this.#closed) throw new Error('the store is closed');
    const failure = this.durability?.failure;
    if (failure) throw failure;
  }
}

function num(row: Row): number {
  return Number(row[0] ?? 0);
}

function withoutUndefined(changes: CourseChanges): CourseChanges {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
}
