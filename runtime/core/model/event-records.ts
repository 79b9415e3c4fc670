// The records of events, webhook endpoints and deliveries, and their field lists (as records.ts
// for courses and keys); the Store methods that keep them are in event-store.ts.
import type { KeyEnvironment } from '../../domain/api-key-format.ts';
import type { AccountEventType } from '../../domain/event-types.ts';

/**
 * Something that happened in one account's environment: a course or key change (the feed and
 * webhooks), or a `webhook.test` for one endpoint (webhooks only). `seq` orders them (the newest
 * has the largest) and is never reused.
 */
export interface AccountEventRecord {
  /** `evt_…`; also the `webhook-id` of its deliveries. */
  id: string;
  ownerId: string;
  environment: KeyEnvironment;
  type: AccountEventType;
  createdAt: string;
  /** The event as JSON text, exactly as the feed serves it and webhooks post it. */
  payload: string;
  seq: number;
}

/**
 * An event to record in the same write as the change it describes. The store fills in the owner
 * and environment from the record after the change, and the payload from `payload(after)`.
 */
export interface EventDraft<R> {
  id: string;
  type: AccountEventType;
  createdAt: string;
  /** The event's JSON text, from the record as it is after the change (for a delete, before it). */
  payload: (after: R) => string;
}

/** Why an endpoint is disabled; null while enabled. */
export type WebhookDisabledReason = 'manual' | 'endpoint_gone' | 'retries_exhausted' | null;

/** A webhook endpoint as stored: with its signing secrets, which only the delivery worker reads. */
export interface WebhookEndpointRecord {
  id: string;
  ownerId: string;
  environment: KeyEnvironment;
  url: string;
  description: string;
  /** Event types it receives; `['*']` for all. */
  eventTypes: string[];
  enabled: boolean;
  disabledReason: WebhookDisabledReason;
  /** The signing secret, `whsec_…`. */
  secret: string;
  /** The secret before the last rotation, still signing until `previousSecretExpiresAt`; null if none. */
  previousSecret: string | null;
  previousSecretExpiresAt: string | null;
  /** When an attempt last succeeded (set by {@link WebhookAttemptOutcome}s); null if none has. */
  lastSuccessAt: string | null;
  createdAt: string;
  updatedAt: string;
  seq: number;
}

/** The fields of an endpoint that an update may set (a rotation sets the secrets). */
export type WebhookEndpointChanges = Partial<
  Pick<
    WebhookEndpointRecord,
    | 'url'
    | 'description'
    | 'eventTypes'
    | 'enabled'
    | 'disabledReason'
    | 'secret'
    | 'previousSecret'
    | 'previousSecretExpiresAt'
    | 'updatedAt'
  >
>;

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** Why an attempt got no answer (see the spec's `WebhookDelivery.error`). */
export type WebhookAttemptError =
  | 'timeout'
  | 'connection_failed'
  | 'address_refused'
  | 'redirect'
  | 'response_too_large';

/** One event queued for one endpoint, and how its attempts went. `seq` orders them (newest largest). */
export interface WebhookDeliveryRecord {
  /** `dlv_…` */
  id: string;
  endpointId: string;
  ownerId: string;
  eventId: string;
  eventType: AccountEventType;
  status: WebhookDeliveryStatus;
  attempts: number;
  createdAt: string;
  lastAttemptAt: string | null;
  responseStatus: number | null;
  durationMs: number | null;
  error: WebhookAttemptError | null;
  /** When the next attempt is due; null once succeeded or failed. */
  nextAttemptAt: string | null;
  /** An instance holds the delivery until then (it is sending it); null when none does. */
  leaseUntil: string | null;
  seq: number;
}

/** What a delivery worker needs to make one attempt: the delivery, its endpoint and the event's payload. */
export interface WebhookJob {
  delivery: WebhookDeliveryRecord;
  endpoint: WebhookEndpointRecord;
  payload: string;
}

/** The outcome of one attempt, written back with {@link WebhookJob}'s delivery id. */
export interface WebhookAttemptOutcome {
  deliveryId: string;
  attemptedAt: string;
  responseStatus: number | null;
  durationMs: number;
  error: WebhookAttemptError | null;
  /** `succeeded`, `failed` (no attempts left), or `pending` with `nextAttemptAt`. */
  status: WebhookDeliveryStatus;
  nextAttemptAt: string | null;
  /** Disables the delivery's endpoint in the same write (its other pending deliveries fail). */
  disableEndpoint?: Exclude<WebhookDisabledReason, 'manual' | null>;
}

/**
 * The fields of the records above, each in the one order the SQL backends' columns, parameters and
 * row readers follow (`server/store/columns.ts`), as `COURSE_FIELDS` for courses.
 */
export const ACCOUNT_EVENT_FIELDS = [
  'seq',
  'id',
  'ownerId',
  'environment',
  'type',
  'createdAt',
  'payload',
] as const satisfies ReadonlyArray<keyof AccountEventRecord>;
export const WEBHOOK_ENDPOINT_FIELDS = [
  'seq',
  'id',
  'ownerId',
  'environment',
  'url',
  'description',
  'eventTypes',
  'enabled',
  'disabledReason',
  'secret',
  'previousSecret',
  'previousSecretExpiresAt',
  'lastSuccessAt',
  'createdAt',
  'updatedAt',
] as const satisfies ReadonlyArray<keyof WebhookEndpointRecord>;
export const WEBHOOK_DELIVERY_FIELDS = [
  'seq',
  'id',
  'endpointId',
  'ownerId',
  'eventId',
  'eventType',
  'status',
  'attempts',
  'createdAt',
  'lastAttemptAt',
  'responseStatus',
  'durationMs',
  'error',
  'nextAttemptAt',
  'leaseUntil',
] as const satisfies ReadonlyArray<keyof WebhookDeliveryRecord>;
