import {
  ACCOUNT_EVENT_FIELDS,
  type AccountEventRecord,
  type ApiKeyClientRecord,
  type ApiKeyEventRecord,
  type ApiKeyRecord,
  type ApiKeyUsageRecord,
  CLIENT_FIELDS,
  COURSE_CHANGE_FIELDS,
  COURSE_FIELDS,
  type CourseRecord,
  EVENT_FIELDS,
  IDEMPOTENCY_FIELDS,
  type IdempotentResponse,
  KEY_FIELDS,
  USAGE_FIELDS,
  WEBHOOK_DELIVERY_FIELDS,
  WEBHOOK_ENDPOINT_FIELDS,
  type WebhookDeliveryRecord,
  type WebhookEndpointRecord,
} from '@course-service/runtime';
import type { SqlValue } from 'sql.js';
import * as C from '../columns.ts';
import type { Row } from './database.ts';

const insert = (table: string, fields: readonly string[], verb = 'INSERT') =>
  `${verb} INTO ${table} (${C.columnsOf(fields)}) VALUES (${fields.map(() => '?').join(', ')})`;
/**
 * Inserts a record, or updates the row of its `seq` in place, every column but `seq`, `id` and
 * `fixed`, which a record keeps for life: the key and the indexes on them are left alone
 * (`INSERT OR REPLACE` deletes the row and inserts it again, indexes and all).
 */
const put = (table: string, fields: readonly string[], fixed: readonly string[] = []) => {
  const unchanged = new Set(['seq', 'id', ...fixed]);
  const sets = fields
    .map(C.columnOf)
    .filter((column) => !unchanged.has(column))
    .map((column) => `${column} = excluded.${column}`);
  return `${insert(table, fields)}
    ON CONFLICT (seq) DO UPDATE SET ${sets.join(', ')}`;
};
const all = (table: string, fields: readonly string[]) =>
  `SELECT ${C.columnsOf(fields)} FROM ${table} ORDER BY seq`;

/**
 * Every statement the store runs. Values are always bound parameters, never computed in SQL
 * (no `now()`, no `random()`), so replaying the journal reproduces the database exactly.
 */
export const SQL = {
  setMeta:
    'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  insertCourse: insert('courses', COURSE_FIELDS),
  // Every course statement is scoped by owner and environment: isolation lives in the queries.
  getCourse: `SELECT ${C.columnsOf(COURSE_FIELDS)} FROM courses WHERE id = ? AND owner_id = ? AND environment = ?`,
  updateCourse: `UPDATE courses SET ${COURSE_CHANGE_FIELDS.map((field) => `${C.columnOf(field)} = ?`).join(', ')}
    WHERE id = ? AND owner_id = ? AND environment = ?`,
  deleteCourse: 'DELETE FROM courses WHERE id = ? AND owner_id = ? AND environment = ?',
  deleteAllCourses: 'DELETE FROM courses WHERE owner_id = ? AND environment = ?',
  insertApiKey: insert('api_keys', KEY_FIELDS),
  // A revoked key, or the old key of a roll: the read model checked the change, with no await since.
  replaceApiKey:
    'UPDATE api_keys SET expires_at = ?, revoked_at = ?, rolled_to = ? WHERE id = ? AND owner_id = ?',
  // Never moves last use backwards when batches from different moments arrive out of order.
  touchApiKey:
    'UPDATE api_keys SET last_used_at = ?1 WHERE id = ?2 AND (last_used_at IS NULL OR last_used_at < ?1)',
  insertEvent: insert('api_key_events', EVENT_FIELDS),
  listEvents: `SELECT ${C.columnsOf(EVENT_FIELDS)} FROM api_key_events
    WHERE key_id = ? AND owner_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?`,
  hasExpiry: "SELECT 1 FROM api_key_events WHERE key_id = ? AND type = 'expired'",
  maxEventSeq: 'SELECT max(seq) FROM api_key_events',
  addUsage: `${insert('api_key_usage', USAGE_FIELDS)}
    ON CONFLICT (key_id, hour) DO UPDATE SET ${C.USAGE_SUMS}`,
  listUsage: `SELECT ${C.USAGE_COLUMNS} FROM api_key_usage
    WHERE key_id = ? AND hour >= ? AND hour < ? ORDER BY hour`,
  // Never moves the latest client backwards when batches arrive out of order.
  keepClient: `INSERT INTO api_key_clients (key_id, at, address, user_agent) VALUES (?1, ?2, ?3, ?4)
    ON CONFLICT (key_id) DO UPDATE SET at = ?2, address = ?3, user_agent = ?4 WHERE at < ?2`,
  getClient: `SELECT ${C.columnsOf(CLIENT_FIELDS)} FROM api_key_clients WHERE key_id = ?`,
  // Replaces an expired response not purged yet; the read model refuses to replace a live one.
  insertIdempotent: insert('idempotency', IDEMPOTENCY_FIELDS, 'INSERT OR REPLACE'),
  purgeIdempotent: 'DELETE FROM idempotency WHERE created_at < ?',
  // What the read model loads of an owner's courses on the owner's first read.
  courseKeysOf: 'SELECT id, status, seq FROM courses WHERE owner_id = ? AND environment = ? ORDER BY seq',
  countCourses: 'SELECT count(*) FROM courses WHERE owner_id = ? AND environment = ?',
  getSetting: 'SELECT value FROM settings WHERE key = ?',
  insertSetting: 'INSERT INTO settings (key, value) VALUES (?, ?)',
  // Full scans, once at open, to build the read model.
  allApiKeys: all('api_keys', KEY_FIELDS),
  allIdempotent: `SELECT ${C.columnsOf(IDEMPOTENCY_FIELDS)} FROM idempotency`,
  // Events, endpoints and deliveries: read whole into the read model at open, written whole.
  putAccountEvent: put('account_events', ACCOUNT_EVENT_FIELDS),
  putWebhookEndpoint: put('webhook_endpoints', WEBHOOK_ENDPOINT_FIELDS),
  putWebhookDelivery: put('webhook_deliveries', WEBHOOK_DELIVERY_FIELDS, ['endpoint_id']),
  allAccountEvents: all('account_events', ACCOUNT_EVENT_FIELDS),
  allWebhookEndpoints: all('webhook_endpoints', WEBHOOK_ENDPOINT_FIELDS),
  allWebhookDeliveries: all('webhook_deliveries', WEBHOOK_DELIVERY_FIELDS),
  maxAccountEventSeq: `SELECT max(seq) FROM (SELECT max(seq) AS seq FROM account_events
    UNION ALL SELECT max(seq) FROM webhook_endpoints UNION ALL SELECT max(seq) FROM webhook_deliveries)`,
  deleteWebhookEndpoint: 'DELETE FROM webhook_endpoints WHERE id = ?',
  deleteWebhookDeliveriesOf: 'DELETE FROM webhook_deliveries WHERE endpoint_id = ?',
  purgeAccountEvents: 'DELETE FROM account_events WHERE created_at < ?',
  purgeWebhookDeliveries: "DELETE FROM webhook_deliveries WHERE status <> 'pending' AND created_at < ?",
} as const;

/** The `meta` keys of the sequence counters and of the journal position a snapshot includes. */
export const META = {
  courseSeq: 'courses.seq',
  apiKeySeq: 'api_keys.seq',
  eventSeq: 'events.seq',
  journalSeq: 'journal.seq',
} as const;

const AS_IS: C.Converters = {};
/** JSON text in the column, read back frozen, as the read model hands records out. */
const json = (value: unknown) => JSON.stringify(value ?? null);
const frozenJson = (text: unknown) => Object.freeze(JSON.parse(text as string));

/**
 * A record's values as parameters in its fields' order, each through `toSql` where it names the
 * field, and the record from a row of its columns, through `fromSql`.
 */
function rowCodec<T>(fields: ReadonlyArray<keyof T & string>, toSql = AS_IS, fromSql = AS_IS) {
  return {
    params: (record: T): SqlValue[] =>
      fields.map((field) => (toSql[field] ? toSql[field](record[field]) : record[field]) as SqlValue),
    fromRow: (row: Row): T => C.recordOf<T>(fields, (_, i) => row[i], fromSql),
  };
}

/** The row codec of each record the tables hold, in the order of {@link SQL}'s columns for it. */
export const ROWS = {
  course: rowCodec<CourseRecord>(COURSE_FIELDS),
  apiKey: rowCodec<ApiKeyRecord>(KEY_FIELDS, { scopes: json }, { scopes: frozenJson }),
  keyEvent: rowCodec<ApiKeyEventRecord>(EVENT_FIELDS),
  usage: rowCodec<ApiKeyUsageRecord>(USAGE_FIELDS),
  client: rowCodec<ApiKeyClientRecord>(CLIENT_FIELDS),
  idempotent: rowCodec<IdempotentResponse>(IDEMPOTENCY_FIELDS, { body: json }, { body: frozenJson }),
  accountEvent: rowCodec<AccountEventRecord>(ACCOUNT_EVENT_FIELDS),
  endpoint: rowCodec<WebhookEndpointRecord>(
    WEBHOOK_ENDPOINT_FIELDS,
    { eventTypes: json, enabled: Number },
    { eventTypes: frozenJson, enabled: Boolean },
  ),
  delivery: rowCodec<WebhookDeliveryRecord>(WEBHOOK_DELIVERY_FIELDS),
};
