// Webhook endpoints and deliveries as the API shows them (the spec's `WebhookEndpoint`,
// `WebhookEndpointWithSecret` and `WebhookDelivery`).
import { secretStart } from '../../domain/webhook-secret.ts';
import type { WebhookDeliveryRecord, WebhookEndpointRecord } from '../model/store.ts';

/** An endpoint as the API shows it: never its secret, only `secretStart` to recognise it. */
export function webhookEndpointView(endpoint: Omit<WebhookEndpointRecord, 'seq'>) {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    eventTypes: [...endpoint.eventTypes],
    environment: endpoint.environment,
    enabled: endpoint.enabled,
    disabledReason: endpoint.disabledReason,
    secretStart: secretStart(endpoint.secret),
    createdAt: endpoint.createdAt,
    updatedAt: endpoint.updatedAt,
  };
}

/** An endpoint with its signing secret: the answer of a creation and of a rotation, sent `no-store`. */
export function webhookEndpointWithSecretView(endpoint: Omit<WebhookEndpointRecord, 'seq'>) {
  return { ...webhookEndpointView(endpoint), secret: endpoint.secret };
}

/** A delivery as the API shows it: without its lease or owner. */
export function webhookDeliveryView(delivery: Omit<WebhookDeliveryRecord, 'seq'>) {
  return {
    id: delivery.id,
    endpointId: delivery.endpointId,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    createdAt: delivery.createdAt,
    lastAttemptAt: delivery.lastAttemptAt,
    responseStatus: delivery.responseStatus,
    durationMs: delivery.durationMs,
    error: delivery.error,
    nextAttemptAt: delivery.nextAttemptAt,
  };
}
