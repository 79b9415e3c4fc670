import type {
  AccountEventRecord,
  CourseOwner,
  EventDraft,
  EventFeedQuery,
  EventStore,
  IdempotentResponse,
  QueuedDelivery,
  WebhookAttemptOutcome,
  WebhookDeliveryRecord,
  WebhookEndpointChanges,
  WebhookEndpointRecord,
  WebhookJob,
} from '@course-service/runtime';
import type { PoolClient } from 'pg';
import { recordEvents, run } from './batched-statements.ts';
import * as E from './event-statements.ts';
import { NO_CURSOR, PostgresSession, seqOf } from './postgres-session.ts';

/** The argument of an EventStore method. */
type Query<M extends keyof EventStore> = Parameters<EventStore[M]>[0];

/**
 * The events, webhook endpoints and deliveries of the PostgreSQL store (the EventStore part of the
 * port); the course and key writes record their events through {@link recordEvent}.
 */
export class PostgresEventStore extends PostgresSession implements EventStore {
  async listEvents(query: EventFeedQuery): Promise<AccountEventRecord[]> {
    const { ownerId, environment, afterSeq, since, limit, type } = query;
    const values = [ownerId, environment, afterSeq ?? 0, since, limit, type ?? null];
    return this.read('list-feed', E.EVENT_SQL.listFeed, values, E.eventFromRow);
  }

  async getEvent(owner: CourseOwner, id: string): Promise<AccountEventRecord | undefined> {
    const values = [id, owner.ownerId, owner.environment];
    return this.first('get-event', E.EVENT_SQL.getEvent, values, E.eventFromRow);
  }

  /** With `idempotent`, the response completing its Idempotency-Key claim is stored in the same transaction. */
  async insertWebhookEndpoint(
    endpoint: Omit<WebhookEndpointRecord, 'seq'>,
    idempotent?: IdempotentResponse,
  ): Promise<WebhookEndpointRecord> {
    const values = E.endpointParams(endpoint);
    const seq = await this.insert('insert-endpoint', E.EVENT_SQL.insertEndpoint, values, idempotent);
    return { ...endpoint, eventTypes: [...endpoint.eventTypes], seq };
  }

  async listWebhookEndpoints(query: Query<'listWebhookEndpoints'>): Promise<WebhookEndpointRecord[]> {
    const values = [query.ownerId, query.environment, query.beforeSeq ?? NO_CURSOR, query.limit];
    return this.read('list-endpoints', E.EVENT_SQL.listEndpoints, values, E.endpointFromRow);
  }

  async getWebhookEndpoint(owner: CourseOwner, id: string): Promise<WebhookEndpointRecord | undefined> {
    const values = [id, owner.ownerId, owner.environment];
    return this.first('get-endpoint', E.EVENT_SQL.getEndpoint, values, E.endpointFromRow);
  }

  async updateWebhookEndpoint(
    owner: CourseOwner,
    id: string,
    changes: WebhookEndpointChanges,
  ): Promise<WebhookEndpointRecord | undefined> {
    const { name, text, values } = E.updateEndpointSql(owner, id, changes);
    return this.first(name, text, values, E.endpointFromRow);
  }

  async deleteWebhookEndpoint(owner: CourseOwner, id: string): Promise<boolean> {
    const values = [id, owner.ownerId, owner.environment];
    return (await this.query('delete-endpoint', E.EVENT_SQL.deleteEndpoint, values)).rowCount === 1;
  }

  async listWebhookDeliveries(query: Query<'listWebhookDeliveries'>): Promise<WebhookDeliveryRecord[]> {
    const { ownerId, endpointId, beforeSeq, limit, status } = query;
    const values = [ownerId, endpointId, beforeSeq ?? NO_CURSOR, limit, status ?? null];
    return this.read('list-deliveries', E.EVENT_SQL.listDeliveries, values, E.deliveryFromRow);
  }

  async getWebhookDelivery(
    ownerId: string,
    endpointId: string,
    id: string,
  ): Promise<WebhookDeliveryRecord | undefined> {
    const values = [ownerId, endpointId, id];
    return this.first('get-delivery', E.EVENT_SQL.getDelivery, values, E.deliveryFromRow);
  }

  async queueWebhookDelivery(queued: QueuedDelivery): Promise<WebhookDeliveryRecord> {
    const inserted = await this.query('queue-delivery', E.EVENT_SQL.queueDelivery, E.queueParams(queued));
    return { ...queued.delivery, seq: seqOf(inserted) };
  }

  async claimWebhookDeliveries(claim: Query<'claimWebhookDeliveries'>): Promise<WebhookJob[]> {
    const values = [claim.now, claim.leaseUntil, claim.limit];
    return this.read('claim-deliveries', E.EVENT_SQL.claimDeliveries, values, (row) => ({
      delivery: E.deliveryFromRow(row),
      endpoint: E.endpointFromRow(row.endpoint as Record<string, unknown>),
      payload: row.payload as string,
    }));
  }

  async completeWebhookAttempts(outcomes: readonly WebhookAttemptOutcome[]): Promise<void> {
    if (outcomes.length === 0) return;
    await this.transaction(async (client) => {
      const ids = outcomes.map((outcome) => outcome.deliveryId);
      await run(client, this.probe, 'lock-endpoints-of', E.EVENT_SQL.lockEndpointsOf, [ids]);
      for (const outcome of outcomes) {
        const { deliveryId, attemptedAt, responseStatus, durationMs, error, status, nextAttemptAt } = outcome;
        const disable = outcome.disableEndpoint ?? null;
        const values = [
          deliveryId,
          attemptedAt,
          responseStatus,
          durationMs,
          error,
          status,
          nextAttemptAt,
          disable,
        ];
        await run(client, this.probe, 'complete-attempt', E.EVENT_SQL.completeAttempt, values);
      }
    });
  }

  async countPendingWebhookDeliveries(): Promise<number> {
    const { rows } = await this.query('count-pending', E.EVENT_SQL.countPending, []);
    return rows[0]?.n as number;
  }

  async purgeEvents(createdBefore: string): Promise<void> {
    await this.query('purge-events', E.EVENT_SQL.purgeEvents, [createdBefore]);
  }

  /** Records `event` (and queues its deliveries) within `client`'s transaction; nothing without one. */
  protected async recordEvent<R extends CourseOwner>(
    client: PoolClient,
    event: EventDraft<R> | undefined,
    after: R,
  ): Promise<void> {
    if (event) await recordEvents(client, this.probe, [{ event, after }]);
  }
}
