// Over 300 lines on purpose: the EventStore half of the Store port, method for method, written once
// for both embedded stores (memory and sql.js), which differ only in how a write is committed; its
// model and queues are event-model.ts.
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
  WebhookDeliveryStatus,
  WebhookDisabledReason,
  WebhookEndpointChanges,
  WebhookEndpointRecord,
  WebhookJob,
} from '../core/index.ts';
import { StoreConflictError } from '../core/index.ts';
import { subscribes, TEST_EVENT_TYPE } from '../domain/event-types.ts';
import { newWebhookDeliveryId } from '../domain/ids.ts';
import { type EventChanges, type EventModel, noEventChanges, ownerGroup } from './event-model.ts';
import { newestBefore, oldestAfter } from './seq-order.ts';

/**
 * The {@link EventStore} of the memory and sql.js stores over an {@link EventModel}: every method
 * checks and builds its changes with no await before `commitEvents`, so each is atomic; records
 * handed out are frozen and never changed.
 */
export abstract class EmbeddedEventStore implements EventStore {
  constructor(protected readonly eventModel: EventModel) {}

  /**
   * Commits `changes`, and `idempotent` (the response completing a claim) when given, as one write:
   * applied to the model, and durable when it resolves.
   */
  protected abstract commitEvents(changes: EventChanges, idempotent?: IdempotentResponse): Promise<void>;

  /**
   * Resolves once every write applied so far is durable (at once for a store that keeps nothing);
   * rejects if one of them failed to become so.
   */
  protected abstract writtenSoFar(): Promise<void>;

  /**
   * The event `draft` describes about `record` (as it is after the change), with a pending delivery
   * for each enabled endpoint of its owner and environment subscribed to its type: the changes a
   * course or key write commits with its own.
   */
  protected recorded<R extends CourseOwner>(draft: EventDraft<R>, record: R): EventChanges {
    const { ownerId, environment } = record;
    const event: AccountEventRecord = Object.freeze({
      id: draft.id,
      ownerId,
      environment,
      type: draft.type,
      createdAt: draft.createdAt,
      payload: draft.payload(record),
      seq: ++this.eventModel.seq,
    });
    const deliveries = this.eventModel.endpoints
      .group(ownerGroup(record))
      .filter((endpoint) => endpoint.enabled && subscribes(endpoint.eventTypes, event.type))
      .map((endpoint) =>
        this.#delivery({
          id: newWebhookDeliveryId(),
          endpointId: endpoint.id,
          ownerId,
          eventId: event.id,
          eventType: event.type,
          status: 'pending',
          attempts: 0,
          createdAt: event.createdAt,
          lastAttemptAt: null,
          responseStatus: null,
          durationMs: null,
          error: null,
          nextAttemptAt: event.createdAt,
          leaseUntil: null,
        }),
      );
    return { events: [event], endpoints: [], deliveries };
  }

  async listEvents(query: EventFeedQuery): Promise<AccountEventRecord[]> {
    const since = Date.parse(query.since);
    const events = this.eventModel.events.group(ownerGroup(query));
    return oldestAfter(
      events,
      query.afterSeq ?? 0,
      query.limit,
      (event) =>
        event.type !== TEST_EVENT_TYPE &&
        (query.type === undefined || event.type === query.type) &&
        Date.parse(event.createdAt) >= since,
    );
  }

  async getEvent(owner: CourseOwner, id: string): Promise<AccountEventRecord | undefined> {
    return ownedBy(this.eventModel.events.get(id), owner);
  }

  async insertWebhookEndpoint(
    endpoint: Omit<WebhookEndpointRecord, 'seq'>,
    idempotent?: IdempotentResponse,
  ): Promise<WebhookEndpointRecord> {
    if (this.eventModel.endpoints.get(endpoint.id)) {
      throw new StoreConflictError('a webhook endpoint with this id is already stored');
    }
    const record = endpointRecord(endpoint, ++this.eventModel.seq);
    await this.commitEvents({ ...noEventChanges(), endpoints: [record] }, idempotent);
    return record;
  }

  async listWebhookEndpoints(
    query: CourseOwner & { limit: number; beforeSeq?: number | undefined },
  ): Promise<WebhookEndpointRecord[]> {
    return newestBefore(this.eventModel.endpoints.group(ownerGroup(query)), query.beforeSeq, query.limit);
  }

  async getWebhookEndpoint(owner: CourseOwner, id: string): Promise<WebhookEndpointRecord | undefined> {
    return ownedBy(this.eventModel.endpoints.get(id), owner);
  }

  /** Enabling clears `disabledReason`; disabling without one says `manual`. An `undefined` change sets nothing. */
  async updateWebhookEndpoint(
    owner: CourseOwner,
    id: string,
    changes: WebhookEndpointChanges,
  ): Promise<WebhookEndpointRecord | undefined> {
    const current = ownedBy(this.eventModel.endpoints.get(id), owner);
    if (!current) return undefined;
    // An `undefined` change leaves the field as it is, as for courses.
    const set = Object.entries(changes).filter(([, value]) => value !== undefined);
    const next: WebhookEndpointRecord = { ...current, ...Object.fromEntries(set) };
    if (changes.enabled === true) next.disabledReason = changes.disabledReason ?? null;
    const disabling = current.enabled && changes.enabled === false;
    const written = disabling
      ? this.#disabled(next, changes.disabledReason ?? 'manual')
      : { ...noEventChanges(), endpoints: [endpointRecord(next, current.seq)] };
    await this.commitEvents(written);
    return written.endpoints[0];
  }

  async deleteWebhookEndpoint(owner: CourseOwner, id: string): Promise<boolean> {
    if (!ownedBy(this.eventModel.endpoints.get(id), owner)) return false;
    await this.commitEvents({ ...noEventChanges(), deletedEndpoint: id });
    return true;
  }

  async listWebhookDeliveries(query: {
    ownerId: string;
    endpointId: string;
    limit: number;
    beforeSeq?: number | undefined;
    status?: WebhookDeliveryStatus | undefined;
  }): Promise<WebhookDeliveryRecord[]> {
    if (this.eventModel.endpoints.get(query.endpointId)?.ownerId !== query.ownerId) return [];
    const { status } = query;
    const all = this.eventModel.deliveries.group(query.endpointId);
    const deliveries = status === undefined ? all : all.filter((delivery) => delivery.status === status);
    return newestBefore(deliveries, query.beforeSeq, query.limit);
  }

  async getWebhookDelivery(
    ownerId: string,
    endpointId: string,
    id: string,
  ): Promise<WebhookDeliveryRecord | undefined> {
    const delivery = this.eventModel.deliveries.get(id);
    return delivery?.ownerId === ownerId && delivery.endpointId === endpointId ? delivery : undefined;
  }

  async queueWebhookDelivery(queued: QueuedDelivery): Promise<WebhookDeliveryRecord> {
    const changes = noEventChanges();
    if (queued.event) changes.events.push(Object.freeze({ ...queued.event, seq: ++this.eventModel.seq }));
    const delivery = this.#delivery(queued.delivery);
    changes.deliveries.push(delivery);
    await this.commitEvents(changes);
    return delivery;
  }

  async claimWebhookDeliveries(claim: {
    now: string;
    leaseUntil: string;
    limit: number;
  }): Promise<WebhookJob[]> {
    const { endpoints, events } = this.eventModel;
    const due = this.eventModel.due(
      Date.parse(claim.now),
      Math.max(0, claim.limit),
      (delivery) =>
        endpoints.get(delivery.endpointId)?.enabled === true && events.get(delivery.eventId) !== undefined,
    );
    const jobs = due.map((delivery) => ({
      delivery: this.#delivery({ ...delivery, leaseUntil: claim.leaseUntil }, delivery.seq),
      endpoint: endpoints.get(delivery.endpointId) as WebhookEndpointRecord,
      payload: (events.get(delivery.eventId) as AccountEventRecord).payload,
    }));
    // Not a write: see `EventModel.lease`.
    this.eventModel.lease(jobs.map((job) => job.delivery));
    // A delivery is in the model from the moment the change that queued it is, before that change
    // is durable: sent only once it is, so a crash never leaves a consumer an event of a change
    // that was never acknowledged, and lost.
    await this.writtenSoFar();
    return jobs;
  }

  async completeWebhookAttempts(outcomes: readonly WebhookAttemptOutcome[]): Promise<void> {
    // The records as this write leaves them, each outcome seeing those before it.
    const deliveries = new Map<string, WebhookDeliveryRecord>();
    const endpoints = new Map<string, WebhookEndpointRecord>();
    const latest = (delivery: WebhookDeliveryRecord) => deliveries.get(delivery.id) ?? delivery;
    for (const outcome of outcomes) {
      const current =
        deliveries.get(outcome.deliveryId) ?? this.eventModel.deliveries.get(outcome.deliveryId);
      if (!current) continue;
      const { attemptedAt, status } = outcome;
      const delivery = this.#delivery(
        {
          ...current,
          status,
          attempts: current.attempts + 1,
          lastAttemptAt: attemptedAt,
          responseStatus: outcome.responseStatus,
          durationMs: outcome.durationMs,
          error: outcome.error,
          nextAttemptAt: status === 'pending' ? outcome.nextAttemptAt : null,
          leaseUntil: null,
        },
        current.seq,
      );
      const endpoint = endpoints.get(current.endpointId) ?? this.eventModel.endpoints.get(current.endpointId);
      if (endpoint) {
        const next = status === 'succeeded' ? { ...endpoint, lastSuccessAt: attemptedAt } : endpoint;
        if (outcome.disableEndpoint && endpoint.enabled) {
          const disabled = this.#disabled(
            { ...next, updatedAt: attemptedAt },
            outcome.disableEndpoint,
            latest,
          );
          for (const failed of disabled.deliveries) deliveries.set(failed.id, failed);
          endpoints.set(endpoint.id, disabled.endpoints[0] as WebhookEndpointRecord);
        } else if (next !== endpoint) endpoints.set(endpoint.id, endpointRecord(next, endpoint.seq));
      }
      // Its own outcome, not the failing of the endpoint's other pending deliveries.
      deliveries.set(delivery.id, delivery);
    }
    if (deliveries.size === 0) return;
    await this.commitEvents({
      ...noEventChanges(),
      endpoints: [...endpoints.values()],
      deliveries: [...deliveries.values()],
    });
  }

  async countPendingWebhookDeliveries(): Promise<number> {
    return this.eventModel.pending.size;
  }

  async purgeEvents(createdBefore: string): Promise<void> {
    await this.commitEvents({ ...noEventChanges(), purgedBefore: createdBefore });
  }

  /**
   * `endpoint` disabled for `reason`, and its pending deliveries failed; `latest` gives a delivery
   * as the write being built has it, when that changed it already.
   */
  #disabled(
    endpoint: WebhookEndpointRecord,
    reason: WebhookDisabledReason,
    latest = (delivery: WebhookDeliveryRecord) => delivery,
  ): EventChanges {
    const disabled = endpointRecord({ ...endpoint, enabled: false, disabledReason: reason }, endpoint.seq);
    const failed = this.eventModel.deliveries
      .group(endpoint.id)
      .map(latest)
      .filter((delivery) => delivery.status === 'pending')
      .map((delivery) =>
        this.#delivery(
          { ...delivery, status: 'failed', nextAttemptAt: null, leaseUntil: null },
          delivery.seq,
        ),
      );
    return { ...noEventChanges(), endpoints: [disabled], deliveries: failed };
  }

  /** A frozen delivery with `seq` (the next one when not given). */
  #delivery(
    delivery: Omit<WebhookDeliveryRecord, 'seq'>,
    seq = ++this.eventModel.seq,
  ): WebhookDeliveryRecord {
    return Object.freeze({ ...delivery, seq });
  }
}

/** A frozen copy of `endpoint` (event types too) with `seq`. */
function endpointRecord(endpoint: Omit<WebhookEndpointRecord, 'seq'>, seq: number): WebhookEndpointRecord {
  return Object.freeze({ ...endpoint, eventTypes: Object.freeze([...endpoint.eventTypes]) as string[], seq });
}

/** `record` when it belongs to `owner` in its environment. */
function ownedBy<T extends CourseOwner>(record: T | undefined, owner: CourseOwner): T | undefined {
  return record?.ownerId === owner.ownerId && record.environment === owner.environment ? record : undefined;
}
