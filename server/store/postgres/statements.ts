import {
  type ApiKeyClientRecord,
  type ApiKeyEventRecord,
  type ApiKeyRecord,
  type ApiKeyUsageRecord,
  CLIENT_FIELDS,
  COURSE_CHANGE_FIELDS,
  COURSE_FIELDS,
  type CourseChanges,
  type CourseOwner,
  type CourseRecord,
  EVENT_FIELDS,
  IDEMPOTENCY_FIELDS,
  type IdempotentResponse,
  KEY_FIELDS,
  USAGE_FIELDS,
} from '@course-service/runtime';
import type { CourseStatus } from '@course-service/runtime/domain/course-lifecycle';
import * as C from '../columns.ts';

/** A row as node-postgres answers it: values by column name. */
export type Row = Record<string, unknown>;

/** The values of `id = $1 AND owner_id = $2 AND environment = $3`: the row `id` of `owner`. */
export const ownedRow = (owner: CourseOwner, id: string): unknown[] => [id, owner.ownerId, owner.environment];

/** `$1, $2, …` for `count` parameters (from `$from + 1` when given), each with `suffix` (a cast). */
export const params = (count: number, suffix = '', from = 0) =>
  Array.from({ length: count }, (_, i) => `$${from + i + 1}${suffix}`).join(', ');

/**
 * How records of `fields` go into table `name` and come back out. A new record has every field but
 * `seq`, which PostgreSQL assigns: its `values` in `newColumns` order for `insertOne` (which answers
 * the `seq`) or, for `insertMany` (an `unnest`, rows in call order), `arrays` of records (one per
 * column, element i of record i). `fromRow` reads a row by column name, through `convert` where it
 * names the field (`seq`, a bigint, arrives as text).
 */
export function table<T>(
  name: string,
  fields: ReadonlyArray<keyof T & string>,
  convert: C.Converters = { seq: Number },
) {
  const newFields = fields.filter((field): field is Exclude<keyof T & string, 'seq'> => field !== 'seq');
  const newColumns = C.columnsOf(newFields);
  return {
    columns: C.columnsOf(fields),
    newFields,
    newColumns,
    insertOne: `INSERT INTO ${name} (${newColumns}) VALUES (${params(newFields.length)}) RETURNING seq`,
    insertMany: `INSERT INTO ${name} (${newColumns})
    SELECT ${newColumns} FROM unnest(${params(newFields.length, '::text[]')})
      WITH ORDINALITY AS r(${newColumns}, ord) ORDER BY r.ord`,
    values: (record: Omit<T, 'seq'>): unknown[] => newFields.map((field) => record[field]),
    arrays: (records: ReadonlyArray<Omit<T, 'seq'>>): unknown[] =>
      newFields.map((field) => records.map((record) => record[field])),
    fromRow: (row: Row): T => C.recordOf<T>(fields, (field) => row[C.columnOf(field)], convert),
  };
}

/** The tables of courses and of keys, their history, usage, clients and idempotent responses. */
export const COURSES = table<CourseRecord>('courses', COURSE_FIELDS);
export const KEYS = table<ApiKeyRecord>('api_keys', KEY_FIELDS);
export const KEY_EVENTS = table<ApiKeyEventRecord>('api_key_events', EVENT_FIELDS);
// The counts are bigints, and arrive as text.
const counts = Object.fromEntries(USAGE_FIELDS.slice(2).map((field) => [field, Number]));
export const USAGE = table<ApiKeyUsageRecord>('api_key_usage', USAGE_FIELDS, counts);
export const CLIENTS = table<ApiKeyClientRecord>('api_key_clients', CLIENT_FIELDS);
// The body is JSON text.
const body = (value: unknown) => JSON.parse(value as string);
export const IDEMPOTENCY = table<IdempotentResponse>('idempotency', IDEMPOTENCY_FIELDS, { body });

/** Every statement the PostgreSQL store runs, but the course update (built by {@link updateCourseSql}). */
export const SQL = {
  insertCourse: COURSES.insertOne,
  // Every course statement is scoped by owner and environment: isolation lives in the queries.
  // The batched reads take one array per field (element i is call i) and answer each row with
  // `ord`, the 1-based number of the call it belongs to.
  getCourses: `SELECT q.ord, c.*
    FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS q(id, owner_id, environment, ord)
    JOIN courses c ON c.id = q.id AND c.owner_id = q.owner_id AND c.environment = q.environment`,
  // One backward range scan of (owner_id, environment[, status], seq) per call (the LATERAL),
  // newest first, each call with its own cursor and limit. The owner is matched as a range of one
  // value, not with `=`, and leads the ORDER BY: then only that index yields the order, while with
  // `=` the plan (generic: it cannot know the owner) may walk the whole seq index instead, filtering,
  // which takes tens of milliseconds for a small owner beside a large one.
  listCourses: `SELECT q.ord, c.* FROM unnest($1::text[], $2::text[], $3::bigint[], $4::int[])
      WITH ORDINALITY AS q(owner_id, environment, before_seq, lim, ord)
    CROSS JOIN LATERAL (SELECT ${COURSES.columns} FROM courses
      WHERE courses.owner_id >= q.owner_id AND courses.owner_id <= q.owner_id
        AND courses.environment = q.environment AND courses.seq < q.before_seq
      ORDER BY courses.owner_id DESC, courses.environment DESC, courses.seq DESC LIMIT q.lim) c
    ORDER BY q.ord, c.seq DESC`,
  listCoursesByStatus: `SELECT q.ord, c.* FROM unnest($1::text[], $2::text[], $3::bigint[], $4::int[], $5::text[])
      WITH ORDINALITY AS q(owner_id, environment, before_seq, lim, status, ord)
    CROSS JOIN LATERAL (SELECT ${COURSES.columns} FROM courses
      WHERE courses.owner_id >= q.owner_id AND courses.owner_id <= q.owner_id
        AND courses.environment = q.environment AND courses.status = q.status AND courses.seq < q.before_seq
      ORDER BY courses.owner_id DESC, courses.environment DESC, courses.status DESC, courses.seq DESC
      LIMIT q.lim) c
    ORDER BY q.ord, c.seq DESC`,
  // Many courses in one statement (one commit, one WAL flush), rows in call order.
  insertCourses: `${COURSES.insertMany} RETURNING id, seq`,
  // $4 is the expected status, or NULL for none: the compare-and-set of lifecycle changes.
  // Returns the course as it was, for the event that records its deletion.
  deleteCourse: `DELETE FROM courses WHERE id = $1 AND owner_id = $2 AND environment = $3
    AND ($4::text IS NULL OR status = $4) RETURNING ${COURSES.columns}`,
  deleteAllCourses: 'DELETE FROM courses WHERE owner_id = $1 AND environment = $2',
  insertApiKey: KEYS.insertOne,
  getApiKey: `SELECT ${KEYS.columns} FROM api_keys WHERE id = $1 AND owner_id = $2`,
  // The compare-and-set of a roll: only a key neither revoked, nor rolled, nor expired at $5 (now).
  // The expiry lives in this row, so every instance sees the old key stop at the same moment.
  rollApiKey: `UPDATE api_keys SET expires_at = $3, rolled_to = $4
    WHERE id = $1 AND owner_id = $2 AND revoked_at IS NULL AND rolled_to IS NULL
      AND (expires_at IS NULL OR expires_at::timestamptz > $5::timestamptz)
    RETURNING ${KEYS.columns}`,
  findApiKeysByHash: `SELECT ${KEYS.columns} FROM api_keys WHERE hash = ANY($1::text[])`,
  listApiKeys: `SELECT ${KEYS.columns} FROM api_keys WHERE owner_id = $1 AND seq < $2 ORDER BY seq DESC LIMIT $3`,
  listApiKeysByEnvironment: `SELECT ${KEYS.columns} FROM api_keys WHERE owner_id = $1 AND environment = $4
    AND seq < $2 ORDER BY seq DESC LIMIT $3`,
  // Revokes only a key not revoked yet: no row back means it was revoked before.
  revokeApiKeyOnce: `UPDATE api_keys SET revoked_at = $3 WHERE id = $1 AND owner_id = $2 AND revoked_at IS NULL
    RETURNING ${KEYS.columns}`,
  // Events in call order, one statement; a second expiry of a key is dropped (its unique index).
  insertEvents: `${KEY_EVENTS.insertMany} ON CONFLICT DO NOTHING`,
  // One statement per batch. Counts add up, so instances flushing the same hour never lose one;
  // a batch holds each (key, hour) once, as ON CONFLICT requires.
  addUsage: `INSERT INTO api_key_usage (${C.USAGE_COLUMNS})
    SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[], $7::bigint[])
    ON CONFLICT (key_id, hour) DO UPDATE SET ${C.USAGE_SUMS}`,
  listUsage: `SELECT ${C.USAGE_COLUMNS} FROM api_key_usage
    WHERE key_id = $1 AND hour >= $2 AND hour < $3 ORDER BY hour`,
  // Never moves the latest client backwards when batches from instances arrive out of order.
  keepClients: `INSERT INTO api_key_clients (${CLIENTS.columns})
    SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
    ON CONFLICT (key_id) DO UPDATE SET at = excluded.at, address = excluded.address,
      user_agent = excluded.user_agent
    WHERE api_key_clients.at < excluded.at`,
  getClient: `SELECT ${CLIENTS.columns} FROM api_key_clients WHERE key_id = $1`,
  listEvents: `SELECT ${KEY_EVENTS.columns} FROM api_key_events
    WHERE key_id = $1 AND owner_id = $2 AND seq < $3 ORDER BY seq DESC LIMIT $4`,
  // Keeps the first revocation time: revoking twice changes nothing.
  revokeApiKey: `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $3) WHERE id = $1 AND owner_id = $2
    RETURNING ${KEYS.columns}`,
  // One statement per batch; never moves last use backwards when batches arrive out of order.
  touchApiKeys: `UPDATE api_keys AS k SET last_used_at = u.at
    FROM unnest($1::text[], $2::text[]) AS u(id, at)
    WHERE k.id = u.id AND (k.last_used_at IS NULL OR k.last_used_at < u.at)`,
  getIdempotentAny: `SELECT ${IDEMPOTENCY.columns} FROM idempotency WHERE scope = $1 AND key = $2`,
  // Takes the key: a new row, or over a claim whose lease ran out (its instance died) or over an
  // expired response. Returns a row only when this call took it; the row lock makes it atomic.
  claimIdempotent: `INSERT INTO idempotency (scope, key, request_hash, status, body, created_at, lease_until)
    VALUES ($1, $2, $3, 0, 'null', $4, $5)
    ON CONFLICT (scope, key) DO UPDATE SET request_hash = excluded.request_hash, status = 0, body = 'null',
      created_at = excluded.created_at, lease_until = excluded.lease_until
    WHERE (idempotency.status = 0 AND idempotency.lease_until < excluded.created_at)
       OR (idempotency.status <> 0 AND idempotency.created_at < $6)
    RETURNING 1`,
  // Completes this request's claim (or stores afresh without one); a stored response is never
  // overwritten: no row back means a conflict, and the transaction is rolled back.
  completeIdempotent: `INSERT INTO idempotency (scope, key, request_hash, status, body, created_at, lease_until)
    VALUES ($1, $2, $3, $4, $5, $6, NULL)
    ON CONFLICT (scope, key) DO UPDATE SET request_hash = excluded.request_hash, status = excluded.status,
      body = excluded.body, created_at = excluded.created_at, lease_until = NULL
    WHERE idempotency.status = 0
    RETURNING 1`,
  releaseIdempotent: 'DELETE FROM idempotency WHERE scope = $1 AND key = $2 AND status = 0',
  purgeIdempotent: 'DELETE FROM idempotency WHERE status <> 0 AND created_at < $1',
  // The first writer's value stays: a second instance starting at the same moment inserts nothing.
  insertSetting: 'INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING',
  getSetting: 'SELECT value FROM settings WHERE key = $1',
} as const;

/**
 * An UPDATE of the columns `changes` sets (column names from a fixed list, values bound), with
 * the status compare-and-set when `expectedStatus` is given. Its `name` differs for each shape
 * of statement, so each is prepared once per connection.
 */
export function updateCourseSql(
  owner: CourseOwner,
  id: string,
  changes: CourseChanges,
  expectedStatus: CourseStatus | undefined,
): { name: string; text: string; values: unknown[] } {
  const values = ownedRow(owner, id);
  // Nothing to set still answers with the row, like the sql.js store does.
  const { sets, shape: columnsSet } = assignments(COURSE_CHANGE_FIELDS, changes, values);
  let where = 'id = $1 AND owner_id = $2 AND environment = $3';
  if (expectedStatus !== undefined) {
    values.push(expectedStatus);
    where += ` AND status = $${values.length}`;
  }
  const name = `update-course-${columnsSet}${expectedStatus === undefined ? '' : '-if-status'}`;
  return {
    name,
    text: `UPDATE courses SET ${sets.join(', ')} WHERE ${where} RETURNING ${COURSES.columns}`,
    values,
  };
}

/**
 * `column = $n` for each of `fields` that `changes` sets (after `id = id`, so there is always one),
 * its value appended to `values`; `shape` has bit i set when field i is, to name the statement.
 */
export function assignments<F extends string>(
  fields: readonly F[],
  changes: Partial<Record<F, unknown>>,
  values: unknown[],
): { sets: string[]; shape: number } {
  const sets = ['id = id'];
  let shape = 0;
  for (const [bit, field] of fields.entries()) {
    if (changes[field] === undefined) continue;
    values.push(changes[field]);
    sets.push(`${C.columnOf(field)} = $${values.length}`);
    shape |= 1 << bit;
  }
  return { sets, shape };
}

/** A stored response's values in {@link SQL.completeIdempotent} order; the body as JSON text. */
export function idempotentParams(r: IdempotentResponse): unknown[] {
  return [r.scope, r.key, r.requestHash, r.status, JSON.stringify(r.body ?? null), r.createdAt];
}
