import type { ApiKeyRecord, CourseOwner, CourseRecord, EventDraft, PageQuery } from '@course-service/runtime';
import { StoreConflictError } from '@course-service/runtime';
import type { CourseStatus } from '@course-service/runtime/domain/course-lifecycle';
import type { Pool, PoolClient, QueryResult } from 'pg';
import type { StoreProbe } from '../store-probe.ts';
import * as E from './event-statements.ts';
import * as S from './statements.ts';

/** One insert call as the batched insert takes it: the course, and the event it records if any. */
export interface NewCourse {
  course: Omit<CourseRecord, 'seq'>;
  event?: EventDraft<CourseRecord> | undefined;
}

/** One list call as the batched list statements take it; `beforeSeq` is always set. */
export type ListCall = Required<PageQuery> & CourseOwner & { status?: CourseStatus | undefined };

/**
 * The store's hot calls, each answering a whole batch of calls with one named statement on one
 * pooled connection: value `i` answers call `i`.
 */
export function batchedStatements(pool: Pool, probe: StoreProbe) {
  return {
    async findApiKeysByHash(hashes: readonly string[]): Promise<Array<ApiKeyRecord | undefined>> {
      const { rows } = await run(pool, probe, 'find-api-keys', S.SQL.findApiKeysByHash, [hashes]);
      const byHash = new Map(rows.map((row) => [row.hash as string, row]));
      return hashes.map((hash) => {
        const row = byHash.get(hash);
        return row && S.KEYS.fromRow(row);
      });
    },

    async getCourses(
      calls: ReadonlyArray<{ owner: CourseOwner; id: string }>,
    ): Promise<Array<CourseRecord | undefined>> {
      const { rows } = await run(pool, probe, 'get-courses', S.SQL.getCourses, [
        calls.map((call) => call.id),
        calls.map((call) => call.owner.ownerId),
        calls.map((call) => call.owner.environment),
      ]);
      const answers: Array<CourseRecord | undefined> = calls.map(() => undefined);
      for (const row of rows) answers[Number(row.ord) - 1] = S.COURSES.fromRow(row);
      return answers;
    },

    /** Every call of one batch has a status, or none has (two statements, each with its own index). */
    async listCourses(calls: readonly ListCall[]): Promise<CourseRecord[][]> {
      const values: unknown[] = [
        calls.map((call) => call.ownerId),
        calls.map((call) => call.environment),
        calls.map((call) => call.beforeSeq),
        calls.map((call) => call.limit),
      ];
      const statuses = calls.map((call) => call.status);
      const { rows } =
        statuses[0] === undefined
          ? await run(pool, probe, 'list-courses', S.SQL.listCourses, values)
          : await run(pool, probe, 'list-courses-status', S.SQL.listCoursesByStatus, [...values, statuses]);
      const answers: CourseRecord[][] = calls.map(() => []);
      for (const row of rows) answers[Number(row.ord) - 1]?.push(S.COURSES.fromRow(row));
      return answers;
    },

    /**
     * Inserts every course or none (one statement) and resolves each course's `seq`; with events,
     * in one transaction with a second statement that records them and queues their deliveries.
     */
    async insertCourses(calls: readonly NewCourse[]): Promise<number[]> {
      const columns = S.COURSES.arrays(calls.map((call) => call.course));
      const insert = async (on: Pool | PoolClient) => {
        const result = await run(on, probe, 'insert-courses', S.SQL.insertCourses, columns);
        const seqById = new Map(result.rows.map((row) => [row.id as string, Number(row.seq)]));
        return calls.map((call) => seqById.get(call.course.id) as number);
      };
      if (calls.every((call) => !call.event)) return insert(pool);
      return inTransaction(pool, async (client) => {
        const seqs = await insert(client);
        const drafted = calls.map(({ course, event }, i) => ({
          event,
          after: { ...course, seq: seqs[i] as number },
        }));
        await recordEvents(client, probe, drafted);
        return seqs;
      });
    },
  };
}

/** Records the drafted events and queues their deliveries, within `client`'s transaction, each feed locked first. */
export async function recordEvents<R extends CourseOwner>(
  client: PoolClient,
  probe: StoreProbe,
  drafted: ReadonlyArray<E.Drafted<R>>,
): Promise<void> {
  const { feeds, columns } = E.eventParams(drafted);
  await run(client, probe, 'lock-feeds', E.EVENT_SQL.lockFeeds, feeds);
  await run(client, probe, 'record-events', E.EVENT_SQL.recordEvents, columns);
}

/**
 * Runs `work` in a transaction on a connection of `pool`: committed if it resolves, rolled back if
 * not. While a client is checked out the pool no longer listens for its errors (pg-pool's rule): a
 * connection reset is heard here, so it rejects the query in flight (an outage, a 503) instead of
 * crashing the process, and the broken connection is destroyed, not pooled again.
 */
export async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken = error;
  };
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.removeListener('error', onError);
    client.release(broken);
  }
}

/**
 * Runs one statement, prepared once per connection, timed by `probe` under its name; a unique
 * violation becomes a {@link StoreConflictError}.
 */
export async function run(
  on: Pool | PoolClient,
  probe: StoreProbe,
  name: string,
  text: string,
  values: unknown[],
): Promise<QueryResult> {
  const ended = probe.query(name);
  try {
    return await on.query({ name, text, values });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') {
      throw new StoreConflictError((error as Error).message, { cause: error });
    }
    throw error;
  } finally {
    ended();
  }
}
