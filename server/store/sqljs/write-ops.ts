import {
  ACCOUNT_EVENT_FIELDS,
  COURSE_CHANGE_FIELDS,
  WEBHOOK_DELIVERY_FIELDS,
  WEBHOOK_ENDPOINT_FIELDS,
  type WebhookEndpointRecord,
} from '@course-service/runtime';
import type { EventChanges, StoreModel, StoreWrite } from '@course-service/runtime/embedded-store';
import type { SqlValue } from 'sql.js';
import type { SqlOp } from './journal-codec.ts';
import * as S from './statements.ts';

/** Nothing to iterate, without an allocation per write. */
const NONE: readonly never[] = [];

/**
 * The SQL of `write`, built against `model` with no await since, part by part in the order
 * {@link StoreWrite} declares them. A delete of courses writes the course counter first: a later
 * start takes the larger of it and `max(seq)`, so seqs (and so cursors) are never reused, even
 * after the newest course goes. An insert needs none: while the course exists, `max(seq)` is its seq.
 */
export function writeOps(write: StoreWrite, model: StoreModel): SqlOp[] {
  const ops: SqlOp[] = [];
  const { deletedCourses: deleted, deletedCoursesOf: all } = write;
  if (deleted || all) ops.push([S.SQL.setMeta, [S.META.courseSeq, model.courseSeq.last]]);
  if (write.insertedCourse) ops.push([S.SQL.insertCourse, S.courseParams(write.insertedCourse)]);
  for (const c of write.updatedCourses ?? NONE) {
    const values = COURSE_CHANGE_FIELDS.map((field) => c[field]);
    ops.push([S.SQL.updateCourse, [...values, c.id, c.ownerId, c.environment]]);
  }
  for (const c of deleted ?? NONE) ops.push([S.SQL.deleteCourse, [c.id, c.ownerId, c.environment]]);
  if (all) ops.push([S.SQL.deleteAllCourses, [all.ownerId, all.environment]]);
  const { replacedKey: key, addedKey: added } = write;
  if (key) ops.push([S.SQL.replaceApiKey, [key.expiresAt, key.revokedAt, key.rolledTo, key.id, key.ownerId]]);
  // A new key's counter beside it: deletes of keys do not exist, but the counter outlives them.
  if (added)
    ops.push([S.SQL.insertApiKey, S.apiKeyParams(added)], [S.SQL.setMeta, [S.META.apiKeySeq, added.seq]]);
  for (const use of write.touchedKeys ?? NONE) ops.push([S.SQL.touchApiKey, [use.lastUsedAt, use.id]]);
  for (const event of write.keyEvents ?? NONE) ops.push([S.SQL.insertEvent, S.eventParams(event)]);
  for (const count of write.usageCounts ?? NONE) ops.push([S.SQL.addUsage, S.usageParams(count)]);
  for (const c of write.usageClients ?? NONE)
    ops.push([S.SQL.keepClient, [c.keyId, c.at, c.address, c.userAgent]]);
  if (write.idempotent) ops.push([S.SQL.insertIdempotent, S.idempotentParams(write.idempotent)]);
  const { purgedIdempotentBefore: purged, fingerprint } = write;
  if (purged !== undefined) ops.push([S.SQL.purgeIdempotent, [purged]]);
  if (fingerprint !== undefined) ops.push([S.SQL.insertSetting, [S.SECRET_FINGERPRINT, fingerprint]]);
  if (write.events) pushEventOps(ops, write.events, model.events.seq);
  return ops;
}

/**
 * Appends the SQL of `changes` (built against the model, whose counter is at `seq`): rows written
 * whole, then what is deleted, with the counter, so a later start never reuses a seq.
 */
function pushEventOps(ops: SqlOp[], changes: EventChanges, seq: number): void {
  for (const e of changes.events) ops.push([S.SQL.putAccountEvent, ACCOUNT_EVENT_FIELDS.map((f) => e[f])]);
  for (const e of changes.endpoints) ops.push([S.SQL.putWebhookEndpoint, endpointParams(e)]);
  for (const d of changes.deliveries) {
    ops.push([S.SQL.putWebhookDelivery, WEBHOOK_DELIVERY_FIELDS.map((f) => d[f])]);
  }
  const { deletedEndpoint: endpoint, purgedBefore: before } = changes;
  if (endpoint !== undefined) {
    ops.push([S.SQL.deleteWebhookDeliveriesOf, [endpoint]], [S.SQL.deleteWebhookEndpoint, [endpoint]]);
  }
  if (before !== undefined) {
    ops.push([S.SQL.purgeAccountEvents, [before]], [S.SQL.purgeWebhookDeliveries, [before]]);
  }
  if (endpoint !== undefined || before !== undefined) ops.push([S.SQL.setMeta, [S.META.eventSeq, seq]]);
}

/** An endpoint's values in {@link S.SQL.putWebhookEndpoint} order: event types as JSON text, `enabled` as 0 or 1. */
function endpointParams(e: WebhookEndpointRecord): SqlValue[] {
  return WEBHOOK_ENDPOINT_FIELDS.map((f) =>
    f === 'eventTypes' ? JSON.stringify(e.eventTypes) : f === 'enabled' ? Number(e.enabled) : e[f],
  );
}
