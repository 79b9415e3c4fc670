import type { CourseOwner, EventStore } from '@course-service/runtime';
import type { PoolClient } from 'pg';
import { recordEvents, run } from './batched-statements.ts';
import * as E from './event-statements.ts';
import { NO_CURSOR, PostgresSession, seqOf } from './postgres-session.ts';
import { ownedRow } from './statements.ts';

/**
 * The events, webhook endpoints and deliveries of the PostgreSQL store (the EventStore part of the
 * port); the course and key writes record their events through {@link recordEvent}.
 */
export class PostgresEventStore extends PostgresSession implements EventStore {
  listEvents: EventStore['listEvents'] = async ({ ownerId, environment, afterSeq, since, limit, type }) => {
    const values = [ownerId, environment, afterSeq ?? 0, since, limit, type ?? null];
    return this.read('list-feed', E.EVENT_SQL.listFeed, values, E.EVENTS.fromRow);
  };

  getEvent: EventStore['getEvent'] = async (owner, id) =>
    this.first('get-event', E.EVENT_SQL.getEvent, ownedRow(owner, id), E.EVENTS.fromRow);

  /** With `idempotent`, the response completing its Idempotency-Key claim is stored in the same transaction. */
  insertWebhookEndpoint: EventStore['insertWebhookEndpoint'] = async (endpoint, idempotent) => {
    const values = E.ENDPOINTS.values(endpoint);
    const seq = await this.insert('insert-endpoint', E.EVENT_SQL.insertEndpoint, values, idempotent);
    return { ...endpoint, eventTypes: [...endpoint.eventTypes], seq };
  };

  listWebhookEndpoints: EventStore['listWebhookEndpoints'] = async (query) => {
    const values = [query.ownerId, query.environment, query.beforeSeq ?? NO_CURSOR, query.limit];
    return this.read('list-endpoints', E.EVENT_SQL.listEndpoints, values, E.ENDPOINTS.fromRow);
  };

  getWebhookEndpoint: EventStore['getWebhookEndpoint'] = async (owner, id) =>
    this.first('get-endpoint', E.EVENT_SQL.getEndpoint, ownedRow(owner, id), E.ENDPOINTS.fromRow);

  updateWebhookEndpoint: EventStore['updateWebhookEndpoint'] = async (owner, id, changes) => {
    const { name, text, values } = E.updateEndpointSql(owner, id, changes);
    return this.first(name, text, values, E.ENDPOINTS.fromRow);
  };

  deleteWebhookEndpoint: EventStore['deleteWebhookEndpoint'] = async (owner, id) =>
    (await this.query('delete-endpoint', E.EVENT_SQL.deleteEndpoint, ownedRow(owner, id))).rowCount === 1;

  listWebhookDeliveries: EventStore['listWebhookDeliveries'] = async (query) => {
    const { ownerId, endpointId, beforeSeq, limit, status } = query;
    const values = [ownerId, endpointId, beforeSeq ?? NO_CURSOR, limit, status ?? null];
    return this.read('list-deliveries', E.EVENT_SQL.listDeliveries, values, E.DELIVERIES.fromRow);
  };

  getWebhookDelivery: EventStore['getWebhookDelivery'] = async (ownerId, endpointId, id) => {
    const values = [ownerId, endpointId, id];
    return this.first('get-delivery', E.EVENT_SQL.getDelivery, values, E.DELIVERIES.fromRow);
  };

  queueWebhookDelivery: EventStore['queueWebhookDelivery'] = async (queued) => {
    const inserted = await this.query('queue-delivery', E.EVENT_SQL.queueDelivery, E.queueParams(queued));
    return { ...queued.delivery, seq: seqOf(inserted) };
  };

  claimWebhookDeliveries: EventStore['claimWebhookDeliveries'] = async ({ now, leaseUntil, limit }) =>
    this.read('claim-deliveries', E.EVENT_SQL.claimDeliveries, [now, leaseUntil, limit], (row) => ({
      delivery: E.DELIVERIES.fromRow(row),
      endpoint: E.ENDPOINTS.fromRow(row.endpoint as Record<string, unknown>),
      payload: row.payload as string,
    }));

  completeWebhookAttempts: EventStore['completeWebhookAttempts'] = async (outcomes) => {
    if (outcomes.length === 0) return;
    await this.transaction(async (client) => {
      const ids = outcomes.map((outcome) => outcome.deliveryId);
      await run(client, this.probe, 'lock-endpoints-of', E.EVENT_SQL.lockEndpointsOf, [ids]);
      for (const outcome of outcomes) {
        const { deliveryId, attemptedAt, responseStatus, durationMs, error, status, nextAttemptAt } = outcome;
        const attempt = [deliveryId, attemptedAt, responseStatus, durationMs, error, status, nextAttemptAt];
        const values = [...attempt, outcome.disableEndpoint ?? null];
        await run(client, this.probe, 'complete-attempt', E.EVENT_SQL.completeAttempt, values);
      }
    });
  };

  countPendingWebhookDeliveries: EventStore['countPendingWebhookDeliveries'] = async () => {
    const { rows } = await this.query('count-pending', E.EVENT_SQL.countPending, []);
    return rows[0]?.n as number;
  };

  purgeEvents: EventStore['purgeEvents'] = async (createdBefore) => {
    await this.query('purge-events', E.EVENT_SQL.purgeEvents, [createdBefore]);
  };

  /** Records the drafted event (and queues its deliveries) within `client`'s transaction, if there is one. */
  protected async recordEvent<R extends CourseOwner>(client: PoolClient, drafted: E.Drafted<R>) {
    if (drafted.event) await recordEvents(client, this.probe, [drafted]);
  }
}
