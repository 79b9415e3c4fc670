import { TEST_EVENT_TYPE } from '../../domain/event-types.ts';
import { eventPayload } from '../operation-helpers/event-payload.ts';
import {
  assertEnabled,
  findWebhookEndpoint,
  newDelivery,
} from '../operation-helpers/find-webhook-endpoint.ts';
import { courseOwner, type OperationHandler } from '../operation-helpers/operation.ts';
import { webhookDeliveryView } from '../operation-helpers/webhook-representations.ts';

/**
 * `POST /api/v1/webhook-endpoints/{endpointId}/test`: a `webhook.test` event for this endpoint
 * alone (never in the feed), queued with its one delivery in one write; `202` with the delivery.
 */
export const sendTestWebhookEvent: OperationHandler = async ({ params, caller }, deps) => {
  const { store, clock, ids } = deps;
  const endpoint = await findWebhookEndpoint(store, courseOwner(caller), params.endpointId as string);
  assertEnabled(endpoint);
  const now = clock().toISOString();
  const event = { id: ids.eventId(), type: TEST_EVENT_TYPE, createdAt: now } as const;
  const delivery = await store.queueWebhookDelivery({
    delivery: newDelivery(endpoint, event, deps.ids.webhookDeliveryId(), now),
    event: {
      ...event,
      ownerId: endpoint.ownerId,
      environment: endpoint.environment,
      payload: eventPayload(event, endpoint.environment, { endpointId: endpoint.id }),
    },
  });
  return webhookDeliveryView(delivery);
};
