import type { SqlValue } from 'sql.js';
import type { BaselineCourse } from './fixtures.ts';

/**
 * The `courses` table of koa-sqljs.ts, written as a bare server would write its own: the columns
 * and indexes of the table our sql.js store migrates to, so both pay for the same row and index
 * entries on a create. course-table.test.ts checks it against the store's migrated schema.
 */
export const COURSE_TABLE: readonly string[] = [
  `CREATE TABLE courses (
    id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    status TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    published_at TEXT,
    archived_at TEXT,
    seq INTEGER NOT NULL UNIQUE,
    environment TEXT NOT NULL DEFAULT 'prod'
  )`,
  'CREATE INDEX courses_owner_env_seq ON courses (owner_id, environment, seq)',
];

/** Inserts one course; its values in {@link courseRow} order. */
export const INSERT_COURSE = `INSERT INTO courses
  (id, owner_id, environment, name, description, status, created_at, updated_at, published_at, archived_at, seq)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/** A created course's values for {@link INSERT_COURSE}, owned by `ownerId` in production. */
export function courseRow(course: BaselineCourse, ownerId: string, seq: number): SqlValue[] {
  return [
    course.id,
    ownerId,
    'prod',
    course.name,
    course.description,
    course.status,
    course.createdAt,
    course.updatedAt,
    course.publishedAt,
    course.archivedAt,
    seq,
  ];
}
