import TinyQueue from 'tinyqueue';
import type { AccountEventRecord, WebhookDeliveryRecord, WebhookEndpointRecord } from '../core/index.ts';
import { textBefore } from './api-key-index.ts';
import { GroupedIndex, ownerGroup } from './grouped-index.ts';

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

/** A pending delivery in the due queue, and when it is due (ms). */
interface Queued {
  at: number;
  delivery: WebhookDeliveryRecord;
}

/**
 * The events, webhook endpoints and deliveries of the embedded stores in plain JS (the sql.js
 * store keeps them in SQL too, this in step with them, but for leases: see `lease`). One `seq`
 * counter serves all three: seqs only grow, and are never reused, even after a purge or a delete.
 */
export class EventModel {
  seq = 0;
  readonly events = new GroupedIndex<AccountEventRecord>((event) => [ownerGroup(event)]);
  readonly endpoints = new GroupedIndex<WebhookEndpointRecord>((endpoint) => [ownerGroup(endpoint)]);
  readonly deliveries = new GroupedIndex<WebhookDeliveryRecord>((delivery) => [delivery.endpointId]);
  /** The pending deliveries by id, for claims and the backlog. */
  readonly pending = new Map<string, WebhookDeliveryRecord>();
  /**
   * Pending deliveries free of a lease, oldest due first (then by seq): a claim takes from the front
   * without scanning the backlog. An entry whose delivery has since been replaced or finished is
   * dropped when it comes out.
   */
  readonly #due = new TinyQueue<Queued>([], (a, b) => a.at - b.at || a.delivery.seq - b.delivery.seq);
  /** Leased pending deliveries by id: the attempts in flight, and any whose outcome was not recorded. */
  readonly #leased = new Map<string, WebhookDeliveryRecord>();

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

  /**
   * Up to `limit` pending deliveries due by `now` (ms) and free of a lease (none, or one ended by
   * then) that `claimable` accepts, oldest due first. Those it refuses stay queued.
   */
  due(now: number, limit: number, claimable: (delivery: WebhookDeliveryRecord) => boolean) {
    for (const [id, delivery] of this.#leased) {
      if (Date.parse(delivery.leaseUntil as string) > now) continue;
      this.#leased.delete(id);
      this.#queueDue(delivery);
    }
    const taken: WebhookDeliveryRecord[] = [];
    const refused: Queued[] = [];
    for (let top = this.#due.peek(); top && top.at <= now && taken.length < limit; top = this.#due.peek()) {
      this.#due.pop();
      if (this.pending.get(top.delivery.id) !== top.delivery) continue;
      if (claimable(top.delivery)) taken.push(top.delivery);
      else refused.push(top);
    }
    for (const entry of refused) this.#due.push(entry);
    return taken;
  }

  /**
   * Puts `leased` (pending deliveries just claimed, their `leaseUntil` set) in the model, in memory
   * only: one process holds an embedded store (the data directory's lock), so a lease only has to
   * keep this process's dispatcher from claiming a delivery twice. The tables never hold one, and
   * after a restart, with nothing in flight, every pending delivery is due again at once.
   */
  lease(leased: readonly WebhookDeliveryRecord[]): void {
    for (const delivery of leased) this.#putDelivery(delivery);
  }

  #putDelivery(delivery: WebhookDeliveryRecord): void {
    this.deliveries.put(delivery);
    this.#leased.delete(delivery.id);
    if (delivery.status !== 'pending') {
      this.pending.delete(delivery.id);
      return;
    }
    this.pending.set(delivery.id, delivery);
    if (delivery.leaseUntil !== null) this.#leased.set(delivery.id, delivery);
    else this.#queueDue(delivery);
  }

  /** Queues `delivery` by when it is due; one with no next attempt is never claimed. */
  #queueDue(delivery: WebhookDeliveryRecord): void {
    if (delivery.nextAttemptAt !== null) this.#due.push({ at: Date.parse(delivery.nextAttemptAt), delivery });
  }

  #deleteDelivery(id: string): void {
    this.deliveries.delete(id);
    this.pending.delete(id);
    this.#leased.delete(id);
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
