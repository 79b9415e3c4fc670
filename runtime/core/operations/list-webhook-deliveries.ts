import { page } from '../../domain/pagination.ts';
import type { WebhookDeliveryStatus } from '../model/store.ts';
import { findWebhookEndpoint } from '../operation-helpers/find-webhook-endpoint.ts';
import { courseOwner, type OperationHandler } from '../operation-helpers/operation.ts';
import { pageQuery } from '../operation-helpers/pagination.ts';
import { webhookDeliveryView } from '../operation-helpers/webhook-representations.ts';

/** `GET /api/v1/webhook-endpoints/{endpointId}/deliveries`: what was sent to the endpoint, newest first. */
export const listWebhookDeliveries: OperationHandler = async ({ params, query, caller }, { store }) => {
  const { limit, beforeSeq } = pageQuery(query);
  const owner = courseOwner(caller);
  // The endpoint is looked up in the caller's environment: another environment's is a missing one.
  const endpoint = await findWebhookEndpoint(store, owner, params.endpointId as string);
  const rows = await store.listWebhookDeliveries({
    ownerId: owner.ownerId,
    endpointId: endpoint.id,
    limit: limit + 1,
    beforeSeq,
    status: query.status as WebhookDeliveryStatus | undefined,
  });
  const { data, hasMore, nextCursor } = page(rows, limit);
  return { data: data.map(webhookDeliveryView), hasMore, nextCursor };
};
