import { newWebhookSecret } from '../../domain/webhook-secret.ts';
import { findWebhookEndpoint } from '../operation-helpers/find-webhook-endpoint.ts';
import { courseOwner, type OperationHandler, type ServedSpec } from '../operation-helpers/operation.ts';
import { webhookEndpointWithSecretView } from '../operation-helpers/webhook-representations.ts';

/** How long the old secret keeps signing when the request names no time: the spec's default. */
function defaultOverlapSeconds(spec: ServedSpec): number {
  const schemas = spec.document.components.schemas as {
    WebhookSecretRotation: { properties: { oldSecretExpiresIn: { default: number } } };
  };
  return schemas.WebhookSecretRotation.properties.oldSecretExpiresIn.default;
}

/**
 * `POST /api/v1/webhook-endpoints/{endpointId}/rotate-secret`: a new signing secret, shown this
 * once; the old one keeps signing beside it for `oldSecretExpiresIn` seconds (0: not at all).
 */
export const rotateWebhookEndpointSecret: OperationHandler = async (input, { store, clock, spec }) => {
  const owner = courseOwner(input.caller);
  const endpoint = await findWebhookEndpoint(store, owner, input.params.endpointId as string);
  const body = (input.body ?? {}) as { oldSecretExpiresIn?: number };
  const overlapMs = (body.oldSecretExpiresIn ?? defaultOverlapSeconds(spec)) * 1000;
  const now = clock();
  const updated = await store.updateWebhookEndpoint(owner, endpoint.id, {
    secret: newWebhookSecret(),
    previousSecret: overlapMs > 0 ? endpoint.secret : null,
    previousSecretExpiresAt: overlapMs > 0 ? new Date(now.getTime() + overlapMs).toISOString() : null,
    updatedAt: now.toISOString(),
  });
  return webhookEndpointWithSecretView(updated ?? (await findWebhookEndpoint(store, owner, endpoint.id)));
};
