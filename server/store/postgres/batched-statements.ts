import type { Pool, PoolClient, QueryResult } from 'pg';
import type { ApiKeyRecord, CourseOwner, CourseRecord, PageQuery } from '../../../core/index.ts';
import { StoreConflictError } from '../../../core/index.ts';
import type { CourseStatus } from '../../../domain/course-lifecycle.ts';
import type { StoreProbe } from '../store-probe.ts';
import type { CourseInterner } from './course-interner.ts';
import * as S from './statements.ts';

/** One list call as the batched list statements take it; `beforeSeq` is always set. */
export type ListCall = Required<PageQuery> & CourseOwner & { status?: CourseStatus | undefined };

/**
 * The store's hot calls, each answering a whole batch of calls with one named statement on one
 * pooled connection: value `i` answers call `i`. Courses are frozen and go through `courses`, so
 * an unchanged course is the same object from one query to the next.
 */
export function batchedStatements(pool: Pool, courses: CourseInterner, probe: StoreProbe) {
  return {
    async findApiKeysByHash(hashes: readonly string[]): Promise<Array<ApiKeyRecord | undefined>> {
      const { rows } = await run(pool, probe, 'find-api-keys', S.SQL.findApiKeysByHash, [hashes]);
      const byHash = new Map(rows.map((row) => [row.hash as string, row]));
      return hashes.map((hash) => {
        const row = byHash.get(hash);
        return row && S.apiKeyFromRow(row);
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
      for (const row of rows) answers[Number(row.ord) - 1] = courses.intern(S.courseFromRow(row));
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
      const byStatus = calls[0]?.status !== undefined;
      const { rows } = byStatus
        ? await run(pool, probe, 'list-courses-status', S.SQL.listCoursesByStatus, [
            ...values,
            calls.map((call) => call.status),
          ])
        : await run(pool, probe, 'list-courses', S.SQL.listCourses, values);
      const answers: CourseRecord[][] = calls.map(() => []);
      for (const row of rows) answers[Number(row.ord) - 1]?.push(courses.intern(S.courseFromRow(row)));
      return answers;
    },

    /** Inserts every course or none (one statement); resolves each course's `seq`. */
    async insertCourses(courses: ReadonlyArray<Omit<CourseRecord, 'seq'>>): Promise<number[]> {
      const rows = courses.map(S.courseParams);
      const columns = rows[0]?.map((_, column) => rows.map((row) => row[column])) ?? [];
      const result = await run(pool, probe, 'insert-courses', S.SQL.insertCourses, columns);
      const seqById = new Map(result.rows.map((row) => [row.id as string, Number(row.seq)]));
      return courses.map((course) => seqById.get(course.id) as number);
    },
  };
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
