import type { EventType, WebhookDelivery, WebhookEndpoint } from '../../sdk/index.ts';

/** Every event type an endpoint can subscribe to, with what it means, in the spec's order. */
export const EVENT_TYPES: { type: EventType; label: string }[] = [
  { type: 'course.created', label: 'A course was created' },
  { type: 'course.updated', label: 'A course was changed' },
  { type: 'course.published', label: 'A course was published' },
  { type: 'course.archived', label: 'A course was archived' },
  { type: 'course.restored', label: 'A course was restored' },
  { type: 'course.deleted', label: 'A course was deleted' },
  { type: 'api_key.created', label: 'An API key was created' },
  { type: 'api_key.rolled', label: 'An API key was rolled' },
  { type: 'api_key.revoked', label: 'An API key was revoked' },
];

const DISABLED_REASONS: Record<NonNullable<WebhookEndpoint['disabledReason']>, string> = {
  manual: 'Disabled by hand (Disable, or enabled: false through the API).',
  endpoint_gone: 'Disabled by the service: the endpoint answered 410 Gone.',
  retries_exhausted:
    'Disabled by the service: a delivery failed every attempt of its retry schedule (about 28 hours).',
};

/**
 * Why an endpoint is disabled, in words; `undefined` while it is enabled.
 *
 * @example disabledText(endpoint) // "Disabled by the service: the endpoint answered 410 Gone."
 */
export function disabledText(endpoint: WebhookEndpoint): string | undefined {
  if (endpoint.enabled) return undefined;
  return endpoint.disabledReason ? DISABLED_REASONS[endpoint.disabledReason] : 'Disabled.';
}

const DELIVERY_ERRORS: Record<NonNullable<WebhookDelivery['error']>, string> = {
  timeout: 'No answer in time',
  connection_failed: 'Could not connect',
  address_refused: 'The URL resolves to a refused address',
  redirect: 'Answered with a redirect (not followed)',
  response_too_large: 'The answer was too large',
};

/**
 * Why a delivery's last attempt got no usable answer, in words, with the API's code; `—` for none.
 *
 * @example deliveryErrorText(delivery) // "Could not connect (connection_failed)"
 */
export function deliveryErrorText(error: WebhookDelivery['error']): string {
  return error ? `${DELIVERY_ERRORS[error]} (${error})` : '—';
}

/**
 * An endpoint's subscriptions in words: "All event types" for `*`, else the types.
 *
 * @example eventTypesText(['*']) // "All event types"
 */
export function eventTypesText(eventTypes: WebhookEndpoint['eventTypes']): string[] {
  return eventTypes.includes('*') ? ['All event types'] : [...eventTypes];
}
