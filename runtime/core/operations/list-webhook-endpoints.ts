import { page } from '../../domain/pagination.ts';
import { courseOwner, type OperationHandler } from '../operation-helpers/operation.ts';
import { pageQuery } from '../operation-helpers/pagination.ts';
import { webhookEndpointView } from '../operation-helpers/webhook-representations.ts';

/** `GET /api/v1/webhook-endpoints`: the environment's endpoints, newest first, never their secrets. */
export const listWebhookEndpoints: OperationHandler = async ({ query, caller }, { store }) => {
  const { limit, beforeSeq } = pageQuery(query);
  const rows = await store.listWebhookEndpoints({ ...courseOwner(caller), limit: limit + 1, beforeSeq });
  const { data, hasMore, nextCursor } = page(rows, limit);
  return { data: data.map(webhookEndpointView), hasMore, nextCursor };
};
