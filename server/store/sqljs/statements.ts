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

const COURSE_COLUMNS = C.COURSE_COLUMNS.join(', ');
const KEY_COLUMNS = C.columnsOf(KEY_FIELDS);
const IDEMPOTENCY_COLUMNS = C.columnsOf(IDEMPOTENCY_FIELDS);
const EVENT_COLUMNS = C.columnsOf(EVENT_FIELDS);
/**
 * Inserts a record, or updates the row of its `seq` in place, every column but `seq`, `id` and
 * `fixed`, which a record keeps for life: the key and the indexes on them are left alone
 * (`INSERT OR REPLACE` deletes the row and inserts it again, indexes and all).
 */
const put = (table: string, fields: readonly string[], fixed: readonly string[] = []) => {
  const columns = C.columnsOf(fields).split(', ');
  const unchanged = new Set(['seq', 'id', ...fixed]);
  const sets = columns
    .filter((column) => !unchanged.has(column))
    .map((column) => `${column} = excluded.${column}`);
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${fields.map(() => '?').join(', ')})
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
  insertCourse: `INSERT INTO courses (${COURSE_COLUMNS}) VALUES (${COURSE_FIELDS.map(() => '?').join(', ')})`,
  // Every course statement is scoped by owner and environment: isolation lives in the queries.
  getCourse: `SELECT ${COURSE_COLUMNS} FROM courses WHERE id = ? AND owner_id = ? AND environment = ?`,
  listCourses: `SELECT ${COURSE_COLUMNS} FROM courses
    WHERE owner_id = ? AND environment = ? AND seq < ? ORDER BY seq DESC LIMIT ?`,
  // Filters the owner's index by status (there is no index by status: pages come from the read model).
  listCoursesByStatus: `SELECT ${COURSE_COLUMNS} FROM courses
    WHERE owner_id = ? AND environment = ? AND status = ? AND seq < ? ORDER BY seq DESC LIMIT ?`,
  // The fields of COURSE_CHANGE_FIELDS, in its order.
  updateCourse: `UPDATE courses SET ${COURSE_CHANGE_FIELDS.map((field) => `${C.columnOf(field)} = ?`).join(', ')}
    WHERE id = ? AND owner_id = ? AND environment = ?`,
  deleteCourse: 'DELETE FROM courses WHERE id = ? AND owner_id = ? AND environment = ?',
  deleteAllCourses: 'DELETE FROM courses WHERE owner_id = ? AND environment = ?',
  insertApiKey: `INSERT INTO api_keys (${KEY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  getApiKey: `SELECT ${KEY_COLUMNS} FROM api_keys WHERE id = ? AND owner_id = ?`,
  findApiKeyByHash: `SELECT ${KEY_COLUMNS} FROM api_keys WHERE hash = ?`,
  listApiKeys: `SELECT ${KEY_COLUMNS} FROM api_keys WHERE owner_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?`,
  listApiKeysByEnvironment: `SELECT ${KEY_COLUMNS} FROM api_keys
    WHERE owner_id = ? AND environment = ? AND seq < ? ORDER BY seq DESC LIMIT ?`,
  // A revoked key, or the old key of a roll: the read model checked the change, with no await since.
  replaceApiKey:
    'UPDATE api_keys SET expires_at = ?, revoked_at = ?, rolled_to = ? WHERE id = ? AND owner_id = ?',
  // Never moves last use backwards when batches from different moments arrive out of order.
  touchApiKey:
    'UPDATE api_keys SET last_used_at = ?1 WHERE id = ?2 AND (last_used_at IS NULL OR last_used_at < ?1)',
  insertEvent: `INSERT INTO api_key_events (${EVENT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  listEvents: `SELECT ${EVENT_COLUMNS} FROM api_key_events
    WHERE key_id = ? AND owner_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?`,
  hasExpiry: "SELECT 1 FROM api_key_events WHERE key_id = ? AND type = 'expired'",
  maxEventSeq: 'SELECT max(seq) FROM api_key_events',
  addUsage: `INSERT INTO api_key_usage (${C.USAGE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (key_id, hour) DO UPDATE SET ${C.USAGE_SUMS}`,
  listUsage: `SELECT ${C.USAGE_COLUMNS} FROM api_key_usage
    WHERE key_id = ? AND hour >= ? AND hour < ? ORDER BY hour`,
  // Never moves the latest client backwards when batches arrive out of order.
  keepClient: `INSERT INTO api_key_clients (key_id, at, address, user_agent) VALUES (?1, ?2, ?3, ?4)
    ON CONFLICT (key_id) DO UPDATE SET at = ?2, address = ?3, user_agent = ?4 WHERE at < ?2`,
  getClient: 'SELECT key_id, at, address, user_agent FROM api_key_clients WHERE key_id = ?',
  // Replaces an expired response not purged yet; the read model refuses to replace a live one.
  insertIdempotent: `INSERT OR REPLACE INTO idempotency (${IDEMPOTENCY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)`,
  getIdempotent: `SELECT ${IDEMPOTENCY_COLUMNS} FROM idempotency WHERE scope = ? AND key = ?`,
  purgeIdempotent: 'DELETE FROM idempotency WHERE created_at < ?',
  // What the read model loads of an owner's courses on the owner's first read.
  courseKeysOf: 'SELECT id, status, seq FROM courses WHERE owner_id = ? AND environment = ? ORDER BY seq',
  countCourses: 'SELECT count(*) FROM courses WHERE owner_id = ? AND environment = ?',
  getSetting: 'SELECT value FROM settings WHERE key = ?',
  insertSetting: 'INSERT INTO settings (key, value) VALUES (?, ?)',
  // Full scans, once at open, to build the read model.
  allApiKeys: `SELECT ${KEY_COLUMNS} FROM api_keys ORDER BY seq`,
  allIdempotent: `SELECT ${IDEMPOTENCY_COLUMNS} FROM idempotency`,
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

/** The `settings` key of the fingerprint of the secret API keys are hashed under. */
export const SECRET_FINGERPRINT = 'api_key_hash_secret.fingerprint';

/** The `meta` keys of the sequence counters and of the journal position a snapshot includes. */
export const META = {
  courseSeq: 'courses.seq',
  apiKeySeq: 'api_keys.seq',
  eventSeq: 'events.seq',
  journalSeq: 'journal.seq',
} as const;

/** A course's values in {@link SQL.insertCourse} order. */
export function courseParams(course: CourseRecord): SqlValue[] {
  return COURSE_FIELDS.map((field) => course[field]);
}

/** A course from a row of `COURSE_COLUMNS`. */
export function courseFromRow(row: Row): CourseRecord {
  const course: Record<string, unknown> = {};
  for (const [i, field] of COURSE_FIELDS.entries()) course[field] = row[i];
  return course as unknown as CourseRecord;
}

/** A key's values in {@link SQL.insertApiKey} order; scopes as JSON text. */
export function apiKeyParams(k: ApiKeyRecord): SqlValue[] {
  return KEY_FIELDS.map((field) => (field === 'scopes' ? JSON.stringify(k.scopes) : k[field]));
}

/** A key from a row of `KEY_COLUMNS`. */
export function apiKeyFromRow(r: Row): ApiKeyRecord {
  return C.recordOf(KEY_FIELDS, (_, i) => r[i], { scopes: (v) => JSON.parse(v as string) });
}

/** An hour's counts in {@link SQL.addUsage} order. */
export function usageParams(u: ApiKeyUsageRecord): SqlValue[] {
  return USAGE_FIELDS.map((field) => u[field]);
}

/** An hour's counts from a row of {@link SQL.listUsage}. */
export function usageFromRow(r: Row): ApiKeyUsageRecord {
  return C.recordOf(USAGE_FIELDS, (_, i) => r[i]);
}

/** A client from a row of {@link SQL.getClient}. */
export function clientFromRow(r: Row): ApiKeyClientRecord {
  return C.recordOf(CLIENT_FIELDS, (_, i) => r[i]);
}

/** An event's values in {@link SQL.insertEvent} order. */
export function eventParams(e: ApiKeyEventRecord): SqlValue[] {
  return EVENT_FIELDS.map((field) => e[field]);
}

/** An event from a row of `EVENT_COLUMNS`. */
export function eventFromRow(r: Row): ApiKeyEventRecord {
  return C.recordOf(EVENT_FIELDS, (_, i) => r[i]);
}

/** A stored response's values in {@link SQL.insertIdempotent} order; the body as JSON text. */
export function idempotentParams(r: IdempotentResponse): SqlValue[] {
  return [r.scope, r.key, r.requestHash, r.status, JSON.stringify(r.body ?? null), r.createdAt];
}

/** A stored response from a row of `IDEMPOTENCY_COLUMNS`; the body from JSON text. */
export function idempotentFromRow(r: Row): IdempotentResponse {
  return C.recordOf(IDEMPOTENCY_FIELDS, (_, i) => r[i], { body: (v) => JSON.parse(v as string) });
}

/** Records from rows of {@link SQL.allAccountEvents}, `allWebhookEndpoints` and `allWebhookDeliveries`. */
export const accountEventFromRow = (r: Row): AccountEventRecord =>
  C.recordOf(ACCOUNT_EVENT_FIELDS, (_, i) => r[i]);
export const endpointFromRow = (r: Row): WebhookEndpointRecord =>
  C.recordOf(WEBHOOK_ENDPOINT_FIELDS, (_, i) => r[i], {
    eventTypes: (v) => Object.freeze(JSON.parse(v as string)),
    enabled: Boolean,
  });
export const deliveryFromRow = (r: Row): WebhookDeliveryRecord =>
  C.recordOf(WEBHOOK_DELIVERY_FIELDS, (_, i) => r[i]);
