import { findWebhookEndpoint } from '../operation-helpers/find-webhook-endpoint.ts';
import { courseOwner, type OperationHandler } from '../operation-helpers/operation.ts';
import { webhookEndpointView } from '../operation-helpers/webhook-representations.ts';

/** `GET /api/v1/webhook-endpoints/{endpointId}`: the endpoint, without its secret. */
export const getWebhookEndpoint: OperationHandler = async ({ params, caller }, { store }) =>
  webhookEndpointView(await findWebhookEndpoint(store, courseOwner(caller), params.endpointId as string));
