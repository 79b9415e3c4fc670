// The part of the Store port that keeps events, webhook endpoints and deliveries (store.ts is the
// rest). Events are recorded by the course and key writes themselves (their `EventDraft`s); these
// methods read the feed, manage endpoints, and hand deliveries to the delivery worker.

import type { FeedEventType } from '../../domain/event-types.ts';
import type {
  AccountEventRecord,
  WebhookAttemptOutcome,
  WebhookDeliveryRecord,
  WebhookDeliveryStatus,
  WebhookEndpointChanges,
  WebhookEndpointRecord,
  WebhookJob,
} from './event-records.ts';
import type { CourseOwner, IdempotentResponse } from './records.ts';

/** A page of the feed: oldest first, events with `seq` above `afterSeq`, created at or after `since`. */
export interface EventFeedQuery extends CourseOwner {
  limit: number;
  afterSeq?: number | undefined;
  type?: FeedEventType | undefined;
  /** The retention's start, ISO text: older events are not served, even before they are purged. */
  since: string;
}

/** A delivery to queue by hand (a test event, or a redelivery); `event` is recorded with it when given. */
export interface QueuedDelivery {
  delivery: Omit<WebhookDeliveryRecord, 'seq'>;
  /** A new event for this delivery alone (`webhook.test`); never in the feed. */
  event?: Omit<AccountEventRecord, 'seq'> | undefined;
}

/**
 * Every write that records an event (a course or key write given an `EventDraft`) also queues, in
 * the same write, one pending delivery (due at once) for each enabled endpoint of the event's
 * owner and environment that subscribes to its type: an acknowledged change has its event and its
 * deliveries, and a change not made has neither.
 */
export interface EventStore {
  /** The feed: events of one owner and environment, oldest first; never `webhook.test` events. */
  listEvents(query: EventFeedQuery): Promise<AccountEventRecord[]>;
  /** One event of the owner and environment, `webhook.test` ones included; `undefined` for another's. */
  getEvent(owner: CourseOwner, id: string): Promise<AccountEventRecord | undefined>;

  /** Inserts the endpoint and, with `idempotent`, the response completing its Idempotency-Key claim, in one write. */
  insertWebhookEndpoint(
    endpoint: Omit<WebhookEndpointRecord, 'seq'>,
    idempotent?: IdempotentResponse,
  ): Promise<WebhookEndpointRecord>;
  /** Newest first, paged by `seq` (`beforeSeq`). */
  listWebhookEndpoints(
    query: CourseOwner & { limit: number; beforeSeq?: number | undefined },
  ): Promise<WebhookEndpointRecord[]>;
  getWebhookEndpoint(owner: CourseOwner, id: string): Promise<WebhookEndpointRecord | undefined>;
  /**
   * Applies `changes`; `undefined` when there is no such endpoint. Disabling an endpoint (`enabled`
   * set to false) fails its pending deliveries in the same write: nothing more is sent to it.
   */
  updateWebhookEndpoint(
    owner: CourseOwner,
    id: string,
    changes: WebhookEndpointChanges,
  ): Promise<WebhookEndpointRecord | undefined>;
  /** Deletes the endpoint and its deliveries; `false` when there is no such endpoint. */
  deleteWebhookEndpoint(owner: CourseOwner, id: string): Promise<boolean>;

  /** An endpoint's deliveries, newest first, paged by `seq`; none for another owner's endpoint. */
  listWebhookDeliveries(query: {
    ownerId: string;
    endpointId: string;
    limit: number;
    beforeSeq?: number | undefined;
    status?: WebhookDeliveryStatus | undefined;
  }): Promise<WebhookDeliveryRecord[]>;
  getWebhookDelivery(
    ownerId: string,
    endpointId: string,
    id: string,
  ): Promise<WebhookDeliveryRecord | undefined>;
  /** Queues one delivery (and its test event, when given) in one write. */
  queueWebhookDelivery(queued: QueuedDelivery): Promise<WebhookDeliveryRecord>;

  /**
   * Claims up to `limit` pending deliveries due by `now` whose lease is free (null or past) and
   * whose endpoint is enabled, oldest due first, setting their lease to `leaseUntil`: atomically
   * for every instance sharing the store, so two instances never claim one delivery at once
   * (PostgreSQL: `FOR UPDATE SKIP LOCKED`).
   */
  claimWebhookDeliveries(claim: { now: string; leaseUntil: string; limit: number }): Promise<WebhookJob[]>;
  /**
   * Records attempts' outcomes, in order, in one write (the delivery engine gathers those that end
   * in one turn of the event loop): each counts its attempt and frees its lease; a `succeeded` one
   * also sets the endpoint's `lastSuccessAt`; with `disableEndpoint`, the endpoint is disabled (and
   * its other pending deliveries fail) too.
   */
  completeWebhookAttempts(outcomes: readonly WebhookAttemptOutcome[]): Promise<void>;
  /** Pending deliveries, for the backlog metric. */
  countPendingWebhookDeliveries(): Promise<number>;
  /** Forgets events, and deliveries that are no longer pending, created before `createdBefore`. */
  purgeEvents(createdBefore: string): Promise<void>;
}
