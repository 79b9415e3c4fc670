import type { SqlValue } from 'sql.js';
import { ApiKeyIndex } from './api-key-index.ts';
import { CourseIndex } from './course-index.ts';
import type { SqlDatabase } from './database.ts';
import { IdempotencyIndex } from './idempotency-index.ts';
import * as S from './statements.ts';

/**
 * Everything the store reads, as plain JS kept in step with sql.js: the store applies each write
 * to sql.js first and, only once that committed, to this model, so the two never disagree.
 * Records handed out are frozen and shared: read-only by contract and by `Object.freeze`.
 */
export interface ReadModel {
  courses: CourseIndex;
  apiKeys: ApiKeyIndex;
  idempotency: IdempotencyIndex;
}

/** Builds the read model from the tables of `sql`: one scan per table, in `seq` order. */
export function loadReadModel(sql: SqlDatabase): ReadModel {
  const model: ReadModel = {
    courses: new CourseIndex(),
    apiKeys: new ApiKeyIndex(),
    idempotency: new IdempotencyIndex(),
  };
  // Row by row: no array of every row is ever held, and in `seq` order every insert is a push.
  const shared = new Map<SqlValue, SqlValue>();
  const share = (value: SqlValue) => {
    const known = shared.get(value);
    if (known !== undefined) return known;
    shared.set(value, value);
    return value;
  };
  sql.each(S.SQL.allCourses, [], (row) => {
    // One string per owner and per status, and one per equal timestamp, rather than one per row:
    // a third less to keep, and less for the garbage collector to copy while loading.
    row[1] = share(row[1] as string);
    row[4] = share(row[4] as string);
    if (row[6] === row[5]) row[6] = row[5] as string;
    if (row[7] === row[6]) row[7] = row[6] as string;
    model.courses.put(Object.freeze(S.courseFromRow(row)));
  });
  sql.each(S.SQL.allApiKeys, [], (row) => {
    const key = S.apiKeyFromRow(row);
    Object.freeze(key.scopes);
    model.apiKeys.add(Object.freeze(key));
  });
  sql.each(S.SQL.allIdempotent, [], (row) => model.idempotency.add(row));
  return model;
}
