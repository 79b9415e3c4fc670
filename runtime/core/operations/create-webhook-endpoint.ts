import { newWebhookSecret } from '../../domain/webhook-secret.ts';
import { ApiError } from '../model/api-error.ts';
import { courseOwner, idempotentRecord, type OperationHandler } from '../operation-helpers/operation.ts';
import { webhookEndpointWithSecretView } from '../operation-helpers/webhook-representations.ts';
import { checkWebhookUrl } from '../operation-helpers/webhook-urls.ts';

/** How many endpoints one account may have in one environment. */
const MAX_ENDPOINTS = 16;

/**
 * `POST /api/v1/webhook-endpoints`: a new endpoint of the caller's environment, with its signing
 * secret shown this once. The URL must be one the service may post to; at most 16 per environment.
 * The store keeps the secret to sign with, so an idempotent replay answers the stored response,
 * secret included.
 */
export const createWebhookEndpoint: OperationHandler = async (input, deps) => {
  const { store, clock, ids } = deps;
  // The spec's defaults (description '', eventTypes ['*'], enabled true) are filled by validation.
  const body = input.body as { url: string; description: string; eventTypes: string[]; enabled: boolean };
  const owner = courseOwner(input.caller);
  await checkWebhookUrl(body.url, deps);
  const existing = await store.listWebhookEndpoints({ ...owner, limit: MAX_ENDPOINTS });
  if (existing.length >= MAX_ENDPOINTS)
    throw new ApiError(
      'webhook_endpoint_limit',
      `The ${owner.environment} environment has its ${MAX_ENDPOINTS} webhook endpoints already; delete one first.`,
    );
  const now = clock().toISOString();
  const endpoint = {
    id: ids.webhookEndpointId(),
    ownerId: owner.ownerId,
    environment: owner.environment,
    url: body.url,
    description: body.description,
    eventTypes: [...body.eventTypes],
    enabled: body.enabled,
    disabledReason: body.enabled ? null : ('manual' as const),
    secret: newWebhookSecret(),
    previousSecret: null,
    previousSecretExpiresAt: null,
    lastSuccessAt: null,
    createdAt: now,
    updatedAt: now,
  };
  const view = webhookEndpointWithSecretView(endpoint);
  await store.insertWebhookEndpoint(endpoint, idempotentRecord(input, 201, view, now));
  return view;
};
