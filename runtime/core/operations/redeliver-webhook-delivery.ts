import { retentionStart } from '../../domain/event-retention.ts';
import { ApiError } from '../model/api-error.ts';
import {
  assertEnabled,
  findWebhookEndpoint,
  newDelivery,
} from '../operation-helpers/find-webhook-endpoint.ts';
import { courseOwner, type OperationHandler } from '../operation-helpers/operation.ts';
import { webhookDeliveryView } from '../operation-helpers/webhook-representations.ts';

/**
 * `POST /api/v1/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/redeliver`: the delivery's
 * event again, as a new delivery with a fresh schedule and the same event id (`webhook-id`). A
 * disabled endpoint answers 409; an event past its 30 days, 404.
 */
export const redeliverWebhookDelivery: OperationHandler = async ({ params, caller }, deps) => {
  const { store, clock } = deps;
  const owner = courseOwner(caller);
  const endpoint = await findWebhookEndpoint(store, owner, params.endpointId as string);
  const deliveryId = params.deliveryId as string;
  const delivery = await store.getWebhookDelivery(owner.ownerId, endpoint.id, deliveryId);
  if (!delivery)
    throw new ApiError(
      'not_found',
      `No delivery '${deliveryId}' of webhook endpoint '${endpoint.id}' exists.`,
    );
  assertEnabled(endpoint);
  const now = clock();
  const event = await store.getEvent(owner, delivery.eventId);
  if (!event || event.createdAt < retentionStart(now))
    throw new ApiError(
      'not_found',
      `The event '${delivery.eventId}' of delivery '${deliveryId}' is no longer kept (events are kept 30 days).`,
    );
  const queued = await store.queueWebhookDelivery({
    delivery: newDelivery(endpoint, event, deps.ids.webhookDeliveryId(), now.toISOString()),
  });
  return webhookDeliveryView(queued);
};
