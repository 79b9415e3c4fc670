import type { AccountEventType } from '../../domain/event-types.ts';
import { ApiError } from '../model/api-error.ts';
import type { CourseOwner, Store, WebhookDeliveryRecord, WebhookEndpointRecord } from '../model/store.ts';

/**
 * The owner's webhook endpoint `id`; a 404 when there is none, or it is someone else's or the
 * other environment's (indistinguishable on purpose).
 */
export async function findWebhookEndpoint(
  store: Store,
  owner: CourseOwner,
  id: string,
): Promise<WebhookEndpointRecord> {
  const endpoint = await store.getWebhookEndpoint(owner, id);
  if (!endpoint) throw new ApiError('not_found', `No webhook endpoint '${id}' exists.`);
  return endpoint;
}

/** Refuses to queue anything for a disabled endpoint: `409 webhook_endpoint_disabled`, saying why it is. */
export function assertEnabled(endpoint: WebhookEndpointRecord): void {
  if (endpoint.enabled) return;
  throw new ApiError(
    'webhook_endpoint_disabled',
    `Webhook endpoint '${endpoint.id}' is disabled (${endpoint.disabledReason ?? 'manual'}); enable it first.`,
  );
}

/**
 * A new delivery `id` of event `event` to `endpoint`, pending and due `now`, as the delivery worker
 * expects: what an operation queues, and what the embedded stores queue for a recorded event.
 */
export function newDelivery(
  endpoint: Pick<WebhookEndpointRecord, 'id' | 'ownerId'>,
  event: { id: string; type: AccountEventType },
  id: string,
  now: string,
): Omit<WebhookDeliveryRecord, 'seq'> {
  return {
    id,
    endpointId: endpoint.id,
    ownerId: endpoint.ownerId,
    eventId: event.id,
    eventType: event.type,
    status: 'pending',
    attempts: 0,
    createdAt: now,
    lastAttemptAt: null,
    responseStatus: null,
    durationMs: null,
    error: null,
    nextAttemptAt: now,
    leaseUntil: null,
  };
}
