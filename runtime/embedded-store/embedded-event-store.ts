import type {
  AccountEventRecord,
  CourseOwner,
  EventDraft,
  EventStore,
  WebhookDeliveryRecord,
  WebhookDisabledReason,
  WebhookEndpointRecord,
} from '../core/index.ts';
import { newDelivery, StoreConflictError } from '../core/index.ts';
import { subscribes, TEST_EVENT_TYPE } from '../domain/event-types.ts';
import { newWebhookDeliveryId } from '../domain/ids.ts';
import { type EventChanges, type EventModel, noEventChanges } from './event-model.ts';
import { ownedBy, ownerGroup } from './grouped-index.ts';
import { newestBefore, oldestAfter } from './seq-order.ts';
import { applyWrite, type StoreModel, type StoreWrite } from './store-model.ts';

/** The durability of a write a backend has nothing more to do for. */
const DURABLE = Promise.resolve();

/**
 * The EventStore half of the Store port for the memory and sql.js stores, over a {@link StoreModel},
 * and the write path of both halves ({@link commit}): every method checks and builds its changes with
 * no await before `commit`, so each is atomic; records handed out are frozen, never changed.
 */
export abstract class EmbeddedEventStore implements EventStore {
  /** The durability of the last write: a backend makes writes durable in order, so of all before it too. */
  #lastWrite = DURABLE;

  constructor(protected model: StoreModel) {}

  protected get eventModel(): EventModel {
    return this.model.events;
  }

  /**
   * Takes `write` before the model does: throws, having changed nothing, if it cannot; otherwise
   * returns when it will be durable (`undefined`: already). A rejection then means "not known to
   * be durable": the write stays taken, and in the model.
   */
  protected abstract persist(write: StoreWrite): Promise<void> | undefined;

  /** Persists `write`, then applies it to the model; resolves once it is durable. */
  protected commit(write: StoreWrite): Promise<void> {
    const durable = this.persist(write) ?? DURABLE;
    applyWrite(this.model, write);
    this.#lastWrite = durable;
    return durable;
  }

  /**
   * The event `draft` describes about `record` (as it is after the change), with a pending delivery
   * for each enabled endpoint of its owner and environment subscribed to its type: the changes a
   * course or key write commits with its own; none without a draft.
   */
  protected recorded<R extends CourseOwner>(
    draft: EventDraft<R> | undefined,
    record: R,
  ): EventChanges | undefined {
    if (!draft) return undefined;
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
        this.#delivery(newDelivery(endpoint, event, newWebhookDeliveryId(), event.createdAt)),
      );
    return { events: [event], endpoints: [], deliveries };
  }

  listEvents: EventStore['listEvents'] = async (query) => {
    const since = Date.parse(query.since);
    const listed = (event: AccountEventRecord) =>
      event.type !== TEST_EVENT_TYPE &&
      (query.type === undefined || event.type === query.type) &&
      Date.parse(event.createdAt) >= since;
    const events = this.eventModel.events.group(ownerGroup(query));
    return oldestAfter(events, query.afterSeq ?? 0, query.limit, listed);
  };

  getEvent: EventStore['getEvent'] = async (owner, id) => ownedBy(this.eventModel.events.get(id), owner);

  insertWebhookEndpoint: EventStore['insertWebhookEndpoint'] = async (endpoint, idempotent) => {
    if (this.eventModel.endpoints.get(endpoint.id)) {
      throw new StoreConflictError('a webhook endpoint with this id is already stored');
    }
    this.model.idempotency.assertFree(idempotent);
    const record = endpointRecord(endpoint, ++this.eventModel.seq);
    await this.commit({ events: { ...noEventChanges(), endpoints: [record] }, idempotent });
    return record;
  };

  listWebhookEndpoints: EventStore['listWebhookEndpoints'] = async (query) =>
    newestBefore(this.eventModel.endpoints.group(ownerGroup(query)), query.beforeSeq, query.limit);

  getWebhookEndpoint: EventStore['getWebhookEndpoint'] = async (owner, id) =>
    ownedBy(this.eventModel.endpoints.get(id), owner);

  // Enabling clears `disabledReason`; disabling without one says `manual`. An `undefined` change
  // leaves the field as it is, as for courses.
  updateWebhookEndpoint: EventStore['updateWebhookEndpoint'] = async (owner, id, changes) => {
    const current = ownedBy(this.eventModel.endpoints.get(id), owner);
    if (!current) return undefined;
    const set = Object.entries(changes).filter(([, value]) => value !== undefined);
    const next: WebhookEndpointRecord = { ...current, ...Object.fromEntries(set) };
    if (changes.enabled === true) next.disabledReason = changes.disabledReason ?? null;
    const disabling = current.enabled && changes.enabled === false;
    const written = disabling
      ? this.#disabled(next, changes.disabledReason ?? 'manual')
      : { ...noEventChanges(), endpoints: [endpointRecord(next, current.seq)] };
    await this.commit({ events: written });
    return written.endpoints[0];
  };

  deleteWebhookEndpoint: EventStore['deleteWebhookEndpoint'] = async (owner, id) => {
    if (!ownedBy(this.eventModel.endpoints.get(id), owner)) return false;
    await this.commit({ events: { ...noEventChanges(), deletedEndpoint: id } });
    return true;
  };

  listWebhookDeliveries: EventStore['listWebhookDeliveries'] = async (query) => {
    if (this.eventModel.endpoints.get(query.endpointId)?.ownerId !== query.ownerId) return [];
    const { status } = query;
    const all = this.eventModel.deliveries.group(query.endpointId);
    const deliveries = status === undefined ? all : all.filter((delivery) => delivery.status === status);
    return newestBefore(deliveries, query.beforeSeq, query.limit);
  };

  getWebhookDelivery: EventStore['getWebhookDelivery'] = async (ownerId, endpointId, id) => {
    const delivery = this.eventModel.deliveries.get(id);
    return delivery?.ownerId === ownerId && delivery.endpointId === endpointId ? delivery : undefined;
  };

  queueWebhookDelivery: EventStore['queueWebhookDelivery'] = async (queued) => {
    const changes = noEventChanges();
    if (queued.event) changes.events.push(Object.freeze({ ...queued.event, seq: ++this.eventModel.seq }));
    const delivery = this.#delivery(queued.delivery);
    changes.deliveries.push(delivery);
    await this.commit({ events: changes });
    return delivery;
  };

  claimWebhookDeliveries: EventStore['claimWebhookDeliveries'] = async (claim) => {
    const { endpoints, events } = this.eventModel;
    const claimable = (delivery: WebhookDeliveryRecord) =>
      endpoints.get(delivery.endpointId)?.enabled === true && events.get(delivery.eventId) !== undefined;
    const due = this.eventModel.due(Date.parse(claim.now), Math.max(0, claim.limit), claimable);
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
    await this.#lastWrite;
    return jobs;
  };

  completeWebhookAttempts: EventStore['completeWebhookAttempts'] = async (outcomes) => {
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
          const changed = { ...next, updatedAt: attemptedAt };
          const disabled = this.#disabled(changed, outcome.disableEndpoint, latest);
          for (const failed of disabled.deliveries) deliveries.set(failed.id, failed);
          endpoints.set(endpoint.id, disabled.endpoints[0] as WebhookEndpointRecord);
        } else if (next !== endpoint) endpoints.set(endpoint.id, endpointRecord(next, endpoint.seq));
      }
      // Its own outcome, not the failing of the endpoint's other pending deliveries.
      deliveries.set(delivery.id, delivery);
    }
    if (deliveries.size === 0) return;
    const written = { endpoints: [...endpoints.values()], deliveries: [...deliveries.values()] };
    await this.commit({ events: { ...noEventChanges(), ...written } });
  };

  countPendingWebhookDeliveries: EventStore['countPendingWebhookDeliveries'] = async () =>
    this.eventModel.pending.size;

  purgeEvents: EventStore['purgeEvents'] = async (createdBefore) => {
    await this.commit({ events: { ...noEventChanges(), purgedBefore: createdBefore } });
  };

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
