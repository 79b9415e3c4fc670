import type { Pool, PoolClient, QueryResult } from 'pg';
import type { KeyEnvironment } from '../../../domain/api-key-format.ts';
import type { CourseStatus } from '../../../domain/course-lifecycle.ts';
import { StoreConflictError } from '../errors.ts';
import type {
  ApiKeyRecord,
  CourseChanges,
  CourseOwner,
  CourseRecord,
  DependencyHealth,
  IdempotencyClaim,
  IdempotencyClaimRequest,
  IdempotentResponse,
  PageQuery,
  Store,
} from '../store.ts';
import * as S from './statements.ts';

const NO_CURSOR = Number.MAX_SAFE_INTEGER;
const HEALTH_TIMEOUT_MS = 2000;

/**
 * The store in PostgreSQL, shared by any number of instances: nothing is cached between requests
 * (a revocation or an insert on one instance is seen by the next query on any other), every
 * multi-row write is one transaction, and every race that matters is settled by a constraint or a
 * conditional write in the database, never in this process.
 */
export class PostgresStore implements Store {
  #closed: Promise<void> | undefined;

  /** Use `openPostgresStore`; this wires a pool whose database is already migrated. */
  constructor(private readonly pool: Pool) {}

  async insertCourse(
    course: Omit<CourseRecord, 'seq'>,
    idempotent?: IdempotentResponse,
  ): Promise<CourseRecord> {
    const seq = await this.#insert(S.SQL.insertCourse, S.courseParams(course), idempotent);
    return { ...course, seq };
  }

  async getCourse(owner: CourseOwner, id: string): Promise<CourseRecord | undefined> {
    const { rows } = await this.#query('get-course', S.SQL.getCourse, [id, owner.ownerId, owner.environment]);
    return rows[0] && S.courseFromRow(rows[0]);
  }

  async listCourses(
    query: PageQuery & CourseOwner & { status?: CourseStatus | undefined },
  ): Promise<CourseRecord[]> {
    const values: unknown[] = [query.ownerId, query.beforeSeq ?? NO_CURSOR, query.limit, query.environment];
    const { rows } =
      query.status === undefined
        ? await this.#query('list-courses', S.SQL.listCourses, values)
        : await this.#query('list-courses-status', S.SQL.listCoursesByStatus, [...values, query.status]);
    return rows.map(S.courseFromRow);
  }

  async updateCourse(
    owner: CourseOwner,
    id: string,
    changes: CourseChanges,
    expectedStatus?: CourseStatus,
  ): Promise<CourseRecord | undefined> {
    const { text, values } = S.updateCourseSql(owner, id, changes, expectedStatus);
    const { rows } = await this.#query(undefined, text, values);
    return rows[0] && S.courseFromRow(rows[0]);
  }

  async deleteCourse(owner: CourseOwner, id: string, expectedStatus?: CourseStatus): Promise<boolean> {
    const result = await this.#query('delete-course', S.SQL.deleteCourse, [
      id,
      owner.ownerId,
      owner.environment,
      expectedStatus ?? null,
    ]);
    return result.rowCount === 1;
  }

  async deleteAllCourses(owner: CourseOwner): Promise<number> {
    const result = await this.#query('delete-all-courses', S.SQL.deleteAllCourses, [
      owner.ownerId,
      owner.environment,
    ]);
    return result.rowCount ?? 0;
  }

  async insertApiKey(key: Omit<ApiKeyRecord, 'seq'>, idempotent?: IdempotentResponse): Promise<ApiKeyRecord> {
    const seq = await this.#insert(S.SQL.insertApiKey, S.apiKeyParams(key), idempotent);
    return { ...key, scopes: [...key.scopes], seq };
  }

  async findApiKeyByHash(hash: string): Promise<ApiKeyRecord | undefined> {
    const { rows } = await this.#query('find-api-key', S.SQL.findApiKeyByHash, [hash]);
    return rows[0] && S.apiKeyFromRow(rows[0]);
  }

  async listApiKeys(
    query: PageQuery & { environment?: KeyEnvironment | undefined },
  ): Promise<ApiKeyRecord[]> {
    const values = [query.ownerId, query.beforeSeq ?? NO_CURSOR, query.limit];
    const { rows } =
      query.environment === undefined
        ? await this.#query('list-api-keys', S.SQL.listApiKeys, values)
        : await this.#query('list-api-keys-env', S.SQL.listApiKeysByEnvironment, [
            ...values,
            query.environment,
          ]);
    return rows.map(S.apiKeyFromRow);
  }

  /** Revoking a revoked key changes nothing and returns it as it is, first revocation time kept. */
  async revokeApiKey(ownerId: string, id: string, revokedAt: string): Promise<ApiKeyRecord | undefined> {
    const { rows } = await this.#query('revoke-api-key', S.SQL.revokeApiKey, [id, ownerId, revokedAt]);
    return rows[0] && S.apiKeyFromRow(rows[0]);
  }

  async recordApiKeyUse(uses: ReadonlyArray<{ id: string; lastUsedAt: string }>): Promise<void> {
    if (uses.length === 0) return;
    const ids = uses.map((use) => use.id);
    await this.#query('touch-api-keys', S.SQL.touchApiKeys, [ids, uses.map((use) => use.lastUsedAt)]);
  }

  async getIdempotentResponse(scope: string, key: string): Promise<IdempotentResponse | undefined> {
    const { rows } = await this.#query('get-idempotent', S.SQL.getIdempotent, [scope, key]);
    return rows[0] && S.idempotentFromRow(rows[0]);
  }

  async claimIdempotencyKey(claim: IdempotencyClaimRequest): Promise<IdempotencyClaim> {
    const { scope, key, requestHash, now, leaseUntil, expiredBefore } = claim;
    const values = [scope, key, requestHash, now, leaseUntil, expiredBefore];
    const taken = await this.#query('claim-idempotent', S.SQL.claimIdempotent, values);
    if (taken.rowCount === 1) return { kind: 'claimed' };
    const { rows } = await this.#query('get-idempotent-any', S.SQL.getIdempotentAny, [scope, key]);
    const row = rows[0];
    // Gone between the two statements (its holder released it): as busy, the client retries.
    if (!row || row.status === 0) return { kind: 'busy' };
    return { kind: 'stored', response: S.idempotentFromRow(row) };
  }

  async releaseIdempotencyKey(scope: string, key: string): Promise<void> {
    await this.#query('release-idempotent', S.SQL.releaseIdempotent, [scope, key]);
  }

  async purgeIdempotentResponses(createdBefore: string): Promise<void> {
    await this.#query('purge-idempotent', S.SQL.purgeIdempotent, [createdBefore]);
  }

  async checkHealth(): Promise<DependencyHealth> {
    if (this.#closed) return { status: 'down', detail: 'The store is closed.' };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), HEALTH_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.pool.query('SELECT 1'), timeout]);
      return { status: 'up' };
    } catch {
      return { status: 'down', detail: 'PostgreSQL does not answer.' };
    } finally {
      clearTimeout(timer);
    }
  }

  close(): Promise<void> {
    this.#closed ??= this.pool.end();
    return this.#closed;
  }

  /** Inserts one row and, with `idempotent`, completes its claim in the same transaction. */
  async #insert(
    text: string,
    values: unknown[],
    idempotent: IdempotentResponse | undefined,
  ): Promise<number> {
    if (!idempotent) return seqOf(await this.#query(undefined, text, values));
    return this.#transaction(async (client) => {
      const inserted = await run(client, undefined, text, values);
      const completed = await run(
        client,
        'complete-idempotent',
        S.SQL.completeIdempotent,
        S.idempotentParams(idempotent),
      );
      if (completed.rowCount !== 1)
        throw new StoreConflictError('a response is already stored under this key');
      return seqOf(inserted);
    });
  }

  async #transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    this.#assertOpen();
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  #query(name: string | undefined, text: string, values: unknown[]): Promise<QueryResult> {
    this.#assertOpen();
    return run(this.pool, name, text, values);
  }

  #assertOpen(): void {
    if (this.#closed) throw new Error('the store is closed');
  }
}

/** Runs one statement, prepared once per connection when named; a unique violation becomes a {@link StoreConflictError}. */
async function run(
  on: Pool | PoolClient,
  name: string | undefined,
  text: string,
  values: unknown[],
): Promise<QueryResult> {
  try {
    return await on.query(name ? { name, text, values } : { text, values });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') {
      throw new StoreConflictError((error as Error).message, { cause: error });
    }
    throw error;
  }
}

function seqOf(result: QueryResult): number {
  return Number(result.rows[0]?.seq);
}
