import type {
  AccountEventRecord,
  CourseOwner,
  WebhookDeliveryRecord,
  WebhookEndpointRecord,
} from '../core/index.ts';
import { textBefore } from './api-key-index.ts';
import { GroupedIndex } from './grouped-index.ts';

/**
 * One write to the events, endpoints and deliveries: records to insert or replace, and what to
 * delete. The embedded stores build it from {@link EventModel} and apply it to the model; the sql.js
 * store also turns it into SQL, in the same write as the change it goes with.
 */
export interface EventChanges {
  events: AccountEventRecord[];
  endpoints: WebhookEndpointRecord[];
  deliveries: WebhookDeliveryRecord[];
  /** An endpoint deleted with its deliveries. */
  deletedEndpoint?: string | undefined;
  /** Events, and deliveries no longer pending, created before this are forgotten. */
  purgedBefore?: string | undefined;
}

/** Changes with nothing in them, to fill in. */
export const noEventChanges = (): EventChanges => ({ events: [], endpoints: [], deliveries: [] });

/** The group of an owner's records in one environment (a NUL cannot occur in an owner id). */
export const ownerGroup = (owner: CourseOwner): string => `${owner.ownerId}\u0000${owner.environment}`;

/**
 * The events, webhook endpoints and deliveries of the embedded stores in plain JS (the sql.js
 * store keeps them in SQL too, this in step with them). One `seq` counter serves all three: seqs
 * only grow, and are never reused, even after a purge or a delete.
 */
export class EventModel {
  seq = 0;
  readonly events = new GroupedIndex<AccountEventRecord>(ownerGroup);
  readonly endpoints = new GroupedIndex<WebhookEndpointRecord>(ownerGroup);
  readonly deliveries = new GroupedIndex<WebhookDeliveryRecord>((delivery) => delivery.endpointId);
  /** The pending deliveries by id, for claims and the backlog. */
  readonly pending = new Map<string, WebhookDeliveryRecord>();

  /** Applies `changes`, built against this model with no await since. */
  apply(changes: EventChanges): void {
    for (const event of changes.events) this.events.put(event);
    for (const endpoint of changes.endpoints) this.endpoints.put(endpoint);
    for (const delivery of changes.deliveries) this.#putDelivery(delivery);
    if (changes.deletedEndpoint !== undefined) {
      const id = changes.deletedEndpoint;
      for (const delivery of [...this.deliveries.group(id)]) this.#deleteDelivery(delivery.id);
      this.endpoints.delete(id);
    }
    if (changes.purgedBefore !== undefined) this.#purge(changes.purgedBefore);
  }

  clear(): void {
    this.seq = 0;
    this.events.clear();
    this.endpoints.clear();
    this.deliveries.clear();
    this.pending.clear();
  }

  #putDelivery(delivery: WebhookDeliveryRecord): void {
    this.deliveries.put(delivery);
    if (delivery.status === 'pending') this.pending.set(delivery.id, delivery);
    else this.pending.delete(delivery.id);
  }

  #deleteDelivery(id: string): void {
    this.deliveries.delete(id);
    this.pending.delete(id);
  }

  /** Compares times as text, as SQL does, so the sql.js store's tables and this agree. */
  #purge(before: string): void {
    for (const event of [...this.events.all()]) {
      if (textBefore(event.createdAt, before)) this.events.delete(event.id);
    }
    for (const delivery of [...this.deliveries.all()]) {
      if (delivery.status !== 'pending' && textBefore(delivery.createdAt, before)) {
        this.#deleteDelivery(delivery.id);
      }
    }
  }
}
