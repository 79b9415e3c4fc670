import type { Store } from '@course-service/runtime';
import { storedResponse } from '../../../test-support/store/records.ts';
import type { SqlDatabase } from './database.ts';
import * as S from './statements.ts';

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
                ? sql.all(S.SQL.listCourses, [ownerId, env, before, limit], S.courseFromRow)
                : sql.all(S.SQL.listCoursesByStatus, [ownerId, env, status, before, limit], S.courseFromRow),
            );
          }
        }
        for (const env of KEY_ENVIRONMENTS) {
          out.push(
            env === undefined
              ? sql.all(S.SQL.listApiKeys, [ownerId, before, limit], S.apiKeyFromRow)
              : sql.all(S.SQL.listApiKeysByEnvironment, [ownerId, env, before, limit], S.apiKeyFromRow),
          );
        }
      }
    }
    for (const env of ENVIRONMENTS) {
      for (const id of universe.courseIds)
        out.push(sql.one(S.SQL.getCourse, [id, ownerId, env], S.courseFromRow));
    }
  }
  for (const hash of universe.hashes) out.push(sql.one(S.SQL.findApiKeyByHash, [hash], S.apiKeyFromRow));
  for (const [scope, key] of universe.idempotencyKeys) {
    out.push(sql.one(S.SQL.getIdempotent, [scope, key], S.idempotentFromRow));
  }
  return out;
}
