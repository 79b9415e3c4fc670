import { randomBase62 } from './base62.ts';

/** A new course id, `crs_` and 16 random base62 characters (95 bits). */
export function newCourseId(): string {
  return `crs_${randomBase62(16)}`;
}

/** A new API key id, `key_` and 16 random base62 characters. Not secret: it names the key in URLs. */
export function newApiKeyId(): string {
  return `key_${randomBase62(16)}`;
}

/** A new event id, `evt_` and 16 random base62 characters; also the `webhook-id` of its deliveries. */
export function newEventId(): string {
  return `evt_${randomBase62(16)}`;
}

/** A new webhook endpoint id, `we_` and 16 random base62 characters. */
export function newWebhookEndpointId(): string {
  return `we_${randomBase62(16)}`;
}

/** A new webhook delivery id, `dlv_` and 16 random base62 characters. */
export function newWebhookDeliveryId(): string {
  return `dlv_${randomBase62(16)}`;
}
