import type { WebhookEndpointChanges } from '../model/store.ts';
import { findWebhookEndpoint } from '../operation-helpers/find-webhook-endpoint.ts';
import { courseOwner, type OperationHandler } from '../operation-helpers/operation.ts';
import { webhookEndpointView } from '../operation-helpers/webhook-representations.ts';
import { checkWebhookUrl } from '../operation-helpers/webhook-urls.ts';

/**
 * `PATCH /api/v1/webhook-endpoints/{endpointId}`: changes the fields sent; a new URL is checked as
 * on creation. `enabled: false` pauses an enabled endpoint (`manual`; one disabled already keeps its
 * reason), `enabled: true` resumes it and clears the reason.
 */
export const updateWebhookEndpoint: OperationHandler = async ({ params, body, caller }, deps) => {
  const { store, clock } = deps;
  const owner = courseOwner(caller);
  const sent = body as { url?: string; description?: string; eventTypes?: string[]; enabled?: boolean };
  const endpoint = await findWebhookEndpoint(store, owner, params.endpointId as string);
  if (sent.url !== undefined && sent.url !== endpoint.url) await checkWebhookUrl(sent.url, deps);
  const changes: WebhookEndpointChanges = { ...sent, updatedAt: clock().toISOString() };
  if (sent.enabled === true) changes.disabledReason = null;
  if (sent.enabled === false && endpoint.enabled) changes.disabledReason = 'manual';
  const updated = await store.updateWebhookEndpoint(owner, endpoint.id, changes);
  // Deleted in between: as missing as if it had never been.
  return webhookEndpointView(updated ?? (await findWebhookEndpoint(store, owner, endpoint.id)));
};
