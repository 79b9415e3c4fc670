import { findWebhookEndpoint } from './find-webhook-endpoint.ts';
import { courseOwner, type OperationHandler } from './operation.ts';
import { webhookEndpointView } from './webhook-representations.ts';

/** `GET /api/v1/webhook-endpoints/{endpointId}`: the endpoint, without its secret. */
export const getWebhookEndpoint: OperationHandler = async ({ params, caller }, { store }) =>
  webhookEndpointView(await findWebhookEndpoint(store, courseOwner(caller), params.endpointId as string));
