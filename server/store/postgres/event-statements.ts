import {
  ACCOUNT_EVENT_FIELDS,
  type AccountEventRecord,
  type CourseOwner,
  type EventDraft,
  type QueuedDelivery,
  WEBHOOK_DELIVERY_FIELDS,
  WEBHOOK_ENDPOINT_FIELDS,
  type WebhookDeliveryRecord,
  type WebhookEndpointChanges,
  type WebhookEndpointRecord,
} from '@course-service/runtime';
import { assignments, COURSES, ownedRow, params, table } from './statements.ts';

/** The tables of events, webhook endpoints and deliveries. */
export const EVENTS = table<AccountEventRecord>('account_events', ACCOUNT_EVENT_FIELDS);
export const ENDPOINTS = table<WebhookEndpointRecord>('webhook_endpoints', WEBHOOK_ENDPOINT_FIELDS);
export const DELIVERIES = table<WebhookDeliveryRecord>('webhook_deliveries', WEBHOOK_DELIVERY_FIELDS);

/** Fails the pending deliveries of the endpoints `endpointIds` (a subquery): nothing more is sent to them. */
const failPending = (endpointIds: string) => `UPDATE webhook_deliveries
  SET status = 'failed', next_attempt_at = NULL, lease_until = NULL
  WHERE status = 'pending' AND endpoint_id IN (${endpointIds})`;

/** The statements of events, webhook endpoints and deliveries (the endpoint update: {@link updateEndpointSql}). */
export const EVENT_SQL = {
  // Taken before recordEvents, in the same transaction: one writer at a time per feed (owner and
  // environment), held to the commit, so a feed's seqs commit in order and a reader paging after a
  // seq never skips an event that commits later with a smaller one. Sorted, so two writers of several
  // feeds cannot deadlock.
  lockFeeds: `SELECT pg_advisory_xact_lock(hashtextextended(feed, 39))
    FROM (SELECT DISTINCT unnest($1::text[]) AS feed ORDER BY 1) AS feeds`,
  // Events in call order (one array per column, {@link eventParams}) and, in the same statement, a
  // pending delivery due at once for each enabled endpoint of an event's owner and environment
  // subscribed to its type; the delivery ids are the column's default.
  recordEvents: `WITH e AS (${EVENTS.insertMany} RETURNING seq, id, owner_id, environment, type, created_at)
    INSERT INTO webhook_deliveries (endpoint_id, owner_id, event_id, event_type, status, attempts, created_at, next_attempt_at)
    SELECT w.id, e.owner_id, e.id, e.type, 'pending', 0, e.created_at, e.created_at
    FROM e JOIN webhook_endpoints w ON w.owner_id = e.owner_id AND w.environment = e.environment
    WHERE w.enabled AND w.event_types && ARRAY['*', e.type] ORDER BY e.seq, w.seq`,
  // The course locked for the rest of an update's transaction: the change and its event agree.
  lockCourse: `SELECT ${COURSES.columns} FROM courses WHERE id = $1 AND owner_id = $2 AND environment = $3 FOR UPDATE`,
  listFeed: `SELECT ${EVENTS.columns} FROM account_events
    WHERE owner_id = $1 AND environment = $2 AND seq > $3 AND created_at >= $4 AND type <> 'webhook.test'
      AND ($6::text IS NULL OR type = $6)
    ORDER BY seq LIMIT $5`,
  getEvent: `SELECT ${EVENTS.columns} FROM account_events WHERE id = $1 AND owner_id = $2 AND environment = $3`,
  insertEndpoint: ENDPOINTS.insertOne,
  listEndpoints: `SELECT ${ENDPOINTS.columns} FROM webhook_endpoints
    WHERE owner_id = $1 AND environment = $2 AND seq < $3 ORDER BY seq DESC LIMIT $4`,
  getEndpoint: `SELECT ${ENDPOINTS.columns} FROM webhook_endpoints WHERE id = $1 AND owner_id = $2 AND environment = $3`,
  // Its deliveries go with it (the foreign key cascades).
  deleteEndpoint: 'DELETE FROM webhook_endpoints WHERE id = $1 AND owner_id = $2 AND environment = $3',
  listDeliveries: `SELECT ${DELIVERIES.columns} FROM webhook_deliveries
    WHERE endpoint_id = $2 AND owner_id = $1 AND seq < $3 AND ($5::text IS NULL OR status = $5)
    ORDER BY seq DESC LIMIT $4`,
  getDelivery: `SELECT ${DELIVERIES.columns} FROM webhook_deliveries WHERE id = $3 AND endpoint_id = $2 AND owner_id = $1`,
  // The test event (arrays of one, or empty) and the delivery, in one statement.
  queueDelivery: `WITH e AS (${EVENTS.insertMany})
    INSERT INTO webhook_deliveries (${DELIVERIES.newColumns})
    VALUES (${params(DELIVERIES.newFields.length, '', EVENTS.newFields.length)}) RETURNING seq`,
  // Locks the due deliveries whose lease is free (null or past), passing over a row another claim
  // has locked (SKIP LOCKED; one it has leased since no longer matches), leases them, and answers each with
  // its endpoint (as JSON, columns by name) and its event's payload.
  claimDeliveries: `WITH claimed AS (
      UPDATE webhook_deliveries SET lease_until = $2 WHERE id IN (
        SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id
        WHERE d.status = 'pending' AND d.next_attempt_at <= $1 AND (d.lease_until IS NULL OR d.lease_until <= $1)
          AND w.enabled
        ORDER BY d.next_attempt_at, d.seq LIMIT $3 FOR UPDATE OF d SKIP LOCKED)
      RETURNING ${DELIVERIES.columns})
    SELECT claimed.*, row_to_json(w) AS endpoint, e.payload FROM claimed
      JOIN webhook_endpoints w ON w.id = claimed.endpoint_id JOIN account_events e ON e.id = claimed.event_id
    ORDER BY claimed.next_attempt_at, claimed.seq`,
  // Locks the endpoints of the deliveries `$1` before the deliveries: the order an endpoint's update
  // takes them in, and by id, so two instances' outcomes (or an outcome and an update) disabling
  // endpoints at once never deadlock.
  lockEndpointsOf: `SELECT 1 FROM webhook_endpoints
    WHERE id IN (SELECT endpoint_id FROM webhook_deliveries WHERE id = ANY($1::text[])) ORDER BY id FOR UPDATE`,
  // The attempt, the endpoint's last success or its disabling (a manual reason stays), and the
  // failing of its other pending deliveries when it is disabled now: one statement.
  completeAttempt: `WITH d AS (UPDATE webhook_deliveries SET attempts = attempts + 1, last_attempt_at = $2,
        response_status = $3, duration_ms = $4, error = $5, status = $6,
        next_attempt_at = CASE WHEN $6 = 'pending' THEN $7 END, lease_until = NULL
      WHERE id = $1 RETURNING endpoint_id, status),
    w AS (UPDATE webhook_endpoints SET
        last_success_at = CASE WHEN d.status = 'succeeded' THEN $2 ELSE last_success_at END,
        disabled_reason = CASE WHEN enabled AND $8::text IS NOT NULL THEN $8 ELSE disabled_reason END,
        updated_at = CASE WHEN enabled AND $8::text IS NOT NULL THEN $2 ELSE updated_at END,
        enabled = enabled AND $8::text IS NULL
      FROM d WHERE webhook_endpoints.id = d.endpoint_id RETURNING webhook_endpoints.id, enabled)
    ${failPending('SELECT id FROM w WHERE NOT enabled')} AND id <> $1`,
  countPending: `SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'pending'`,
  purgeEvents: `WITH d AS (DELETE FROM webhook_deliveries WHERE created_at < $1 AND status <> 'pending')
    DELETE FROM account_events WHERE created_at < $1`,
} as const;

/**
 * An UPDATE of the endpoint columns `changes` sets (names from the field list, values bound).
 * Enabling clears `disabledReason`, disabling an enabled endpoint says `manual` unless a reason is
 * given, and fails its pending deliveries in the same statement. `name` differs per shape.
 */
export function updateEndpointSql(
  owner: CourseOwner,
  id: string,
  changes: WebhookEndpointChanges,
): { name: string; text: string; values: unknown[] } {
  const values = ownedRow(owner, id);
  const { sets, shape } = assignments(ENDPOINTS.newFields, changes, values);
  const disabling = changes.enabled === false;
  if (changes.enabled !== undefined && changes.disabledReason === undefined) {
    sets.push(
      `disabled_reason = ${disabling ? "CASE WHEN enabled THEN 'manual' ELSE disabled_reason END" : 'NULL'}`,
    );
  }
  const update = `UPDATE webhook_endpoints SET ${sets.join(', ')}
    WHERE id = $1 AND owner_id = $2 AND environment = $3 RETURNING ${ENDPOINTS.columns}`;
  return {
    name: `update-endpoint-${shape}-${changes.enabled}`,
    text: disabling
      ? `WITH w AS (${update}), f AS (${failPending('SELECT id FROM w')}) SELECT * FROM w`
      : update,
    values,
  };
}

/** A write's event, if it records one, and the record after the write, which the event is made of. */
export type Drafted<R> = { event?: EventDraft<R> | undefined; after: R };

/**
 * The values of {@link EVENT_SQL.lockFeeds} (the feed, owner and environment, of each event) and of
 * {@link EVENT_SQL.recordEvents} (one array per column, an element per event): the owner and
 * environment from the record after the change, the payload built from it; calls without an event
 * are left out.
 */
export function eventParams<R extends CourseOwner>(drafted: ReadonlyArray<Drafted<R>>) {
  const events = drafted.flatMap(({ event, after }) =>
    event
      ? [{ ...event, ownerId: after.ownerId, environment: after.environment, payload: event.payload(after) }]
      : [],
  );
  const feeds = events.map((event) => JSON.stringify([event.ownerId, event.environment]));
  return { feeds: [feeds], columns: EVENTS.arrays(events) };
}

/** {@link EVENT_SQL.queueDelivery}'s values: the event's columns (one element each, or none), then the delivery's. */
export function queueParams({ delivery, event }: QueuedDelivery): unknown[] {
  return [...EVENTS.arrays(event ? [event] : []), ...DELIVERIES.values(delivery)];
}
