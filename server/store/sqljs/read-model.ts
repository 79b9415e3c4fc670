import type { SqlValue } from 'sql.js';
import { ApiKeyIndex } from './api-key-index.ts';
import { CourseIndex, type UnreadCourse } from './course-index.ts';
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

/**
 * Builds the read model from the tables of `sql`: one scan per table, in `seq` order. Courses come
 * in unread (only what the indexes need); each is read from `sql` in full on its first read.
 */
export function loadReadModel(sql: SqlDatabase): ReadModel {
  const readCourse = (course: UnreadCourse) =>
    sql.one(S.SQL.getCourse, [course.id, course.ownerId, course.environment], (row) =>
      Object.freeze(S.courseFromRow(row)),
    );
  const model: ReadModel = {
    courses: new CourseIndex(readCourse),
    apiKeys: new ApiKeyIndex(),
    idempotency: new IdempotencyIndex(),
  };
  // Row by row: no array of every row is ever held, and in `seq` order every insert is a push.
  const shared = new Map<SqlValue, SqlValue>();
  const share = <T extends SqlValue>(value: T): T => {
    const known = shared.get(value) as T | undefined;
    if (known !== undefined) return known;
    shared.set(value, value);
    return value;
  };
  sql.each(S.SQL.allCourseKeys, [], (row) => {
    // One string per owner, environment and status rather than one per row: less to keep, and
    // less for the garbage collector to copy while loading.
    model.courses.putUnread(Object.freeze(S.unreadCourseFromRow(row, share)));
  });
  sql.each(S.SQL.allApiKeys, [], (row) => {
    const key = S.apiKeyFromRow(row);
    Object.freeze(key.scopes);
    model.apiKeys.add(Object.freeze(key));
  });
  sql.each(S.SQL.allIdempotent, [], (row) => model.idempotency.add(row));
  return model;
}
