import { ApiError } from '../model/api-error.ts';
import { courseOwner, type OperationHandler } from '../operation-helpers/operation.ts';

/** `DELETE /api/v1/webhook-endpoints/{endpointId}`: the endpoint and its deliveries, pending ones included. */
export const deleteWebhookEndpoint: OperationHandler = async ({ params, caller }, { store }) => {
  const id = params.endpointId as string;
  if (!(await store.deleteWebhookEndpoint(courseOwner(caller), id)))
    throw new ApiError('not_found', `No webhook endpoint '${id}' exists.`);
  return undefined;
};
