import { COURSE_FIELDS, IDEMPOTENCY_FIELDS, KEY_FIELDS, type Store } from '@course-service/runtime';
import { storedResponse } from '../../../test-support/store/records.ts';
import { columnsOf } from '../columns.ts';
import type { SqlDatabase } from './database.ts';
import { ROWS, SQL } from './statements.ts';

const COURSES = `SELECT ${columnsOf(COURSE_FIELDS)} FROM courses`;
const KEYS = `SELECT ${columnsOf(KEY_FIELDS)} FROM api_keys`;

/** The reads the read model answers, as SQL over the tables: the oracle's, not the store's. */
export const ORACLE_SQL = {
  listCourses: `${COURSES} WHERE owner_id = ? AND environment = ? AND seq < ? ORDER BY seq DESC LIMIT ?`,
  listCoursesByStatus: `${COURSES}
    WHERE owner_id = ? AND environment = ? AND status = ? AND seq < ? ORDER BY seq DESC LIMIT ?`,
  findApiKeyByHash: `${KEYS} WHERE hash = ?`,
  listApiKeys: `${KEYS} WHERE owner_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?`,
  listApiKeysByEnvironment: `${KEYS}
    WHERE owner_id = ? AND environment = ? AND seq < ? ORDER BY seq DESC LIMIT ?`,
  getIdempotent: `SELECT ${columnsOf(IDEMPOTENCY_FIELDS)} FROM idempotency WHERE scope = ? AND key = ?`,
} as const;

/** Every owner, id, hash and Idempotency-Key a test has used, to read back each way. */
export interface ReadUniverse {
  owners: string[];
  courseIds: string[];
  hashes: string[];
  idempotencyKeys: Array<[scope: string, key: string]>;
}

const STATUSES = [undefined, 'draft', 'published', 'archived'] as const;
const ENVIRONMENTS = ['prod', 'test'] as const;
const KEY_ENVIRONMENTS = [undefined, ...ENVIRONMENTS] as const;
const CURSORS = [undefined, 1, 7, 40, 1000] as const;
const LIMITS = [1, 3, 1000] as const;
const NO_CURSOR = Number.MAX_SAFE_INTEGER;

/** The answer to every read of `universe` through the store (so, from its read model). */
export async function readAllFromStore(store: Store, universe: ReadUniverse): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const ownerId of universe.owners) {
    for (const beforeSeq of CURSORS) {
      for (const limit of LIMITS) {
        for (const environment of ENVIRONMENTS) {
          for (const status of STATUSES)
            out.push(await store.listCourses({ ownerId, environment, limit, beforeSeq, status }));
        }
        for (const environment of KEY_ENVIRONMENTS)
          out.push(await store.listApiKeys({ ownerId, environment, limit, beforeSeq }));
      }
    }
    for (const environment of ENVIRONMENTS) {
      for (const id of universe.courseIds) out.push(await store.getCourse({ ownerId, environment }, id));
    }
  }
  for (const hash of universe.hashes) out.push(await store.findApiKeyByHash(hash));
  for (const [scope, key] of universe.idempotencyKeys) out.push(await storedResponse(store, scope, key));
  return out;
}

/** The answer to every read of `universe` from the SQL tables, in {@link readAllFromStore}'s order. */
export function readAllFromSql(sql: SqlDatabase, universe: ReadUniverse): unknown[] {
  const out: unknown[] = [];
  for (const ownerId of universe.owners) {
    for (const beforeSeq of CURSORS) {
      const before = beforeSeq ?? NO_CURSOR;
      for (const limit of LIMITS) {
        for (const env of ENVIRONMENTS) {
          for (const status of STATUSES) {
            out.push(
              status === undefined
                ? sql.all(ORACLE_SQL.listCourses, [ownerId, env, before, limit], ROWS.course.fromRow)
                : sql.all(
                    ORACLE_SQL.listCoursesByStatus,
                    [ownerId, env, status, before, limit],
                    ROWS.course.fromRow,
                  ),
            );
          }
        }
        for (const env of KEY_ENVIRONMENTS) {
          out.push(
            env === undefined
              ? sql.all(ORACLE_SQL.listApiKeys, [ownerId, before, limit], ROWS.apiKey.fromRow)
              : sql.all(
                  ORACLE_SQL.listApiKeysByEnvironment,
                  [ownerId, env, before, limit],
                  ROWS.apiKey.fromRow,
                ),
          );
        }
      }
    }
    for (const env of ENVIRONMENTS) {
      for (const id of universe.courseIds)
        out.push(sql.one(SQL.getCourse, [id, ownerId, env], ROWS.course.fromRow));
    }
  }
  for (const hash of universe.hashes)
    out.push(sql.one(ORACLE_SQL.findApiKeyByHash, [hash], ROWS.apiKey.fromRow));
  for (const [scope, key] of universe.idempotencyKeys) {
    out.push(sql.one(ORACLE_SQL.getIdempotent, [scope, key], ROWS.idempotent.fromRow));
  }
  return out;
}
