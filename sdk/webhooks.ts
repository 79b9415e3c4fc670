/**
 * `@course-service/sdk/webhooks`: verifies a webhook delivery of the Course Management Service
 * (Standard Webhooks, `v1` HMAC-SHA256 signatures) and gives its typed event. WebCrypto only: it
 * runs in Node 20+, browsers, service workers and edge runtimes, needs no client and installs
 * nothing.
 *
 * @example
 * import { unwrapWebhook } from '@course-service/sdk/webhooks';
 *
 * const event = await unwrapWebhook(rawBody, request.headers, process.env.WEBHOOK_SECRET);
 * if (event.type === 'course.published') console.log(event.data.name);
 *
 * @module
 */
import { WebhookVerificationError } from './errors.ts';
import type { Event, TestEvent } from './gen/types.gen.ts';
import {
  headerValue,
  sameBytes,
  secretKey,
  sign,
  v1Signatures,
  type WebhookHeaders,
} from './webhook-signature.ts';

export { type WebhookVerificationCode, WebhookVerificationError } from './errors.ts';
export type { WebhookHeaders } from './webhook-signature.ts';

/** What a delivery carries: an event of the feed, or the test event `sendTest` sends. */
export type WebhookEvent = Event | TestEvent;

/** How {@link unwrapWebhook} judges a delivery. */
export interface UnwrapOptions {
  /**
   * How far, in seconds, `webhook-timestamp` may be from now, either way: an older delivery is
   * refused as a possible replay. @default 300
   */
  toleranceSeconds?: number | undefined;
}

const DEFAULT_TOLERANCE_SECONDS = 300;

/**
 * Verifies a delivery and returns its event: the `webhook-timestamp` must be within the tolerance
 * and one `v1` signature of `webhook-signature` must match one of `secrets` (pass the old and the
 * new secret while you roll it). `body` is the request body exactly as received, unparsed: a
 * string, or bytes (a Node `Buffer` is a `Uint8Array`).
 *
 * @throws {WebhookVerificationError} with a stable `code` when the delivery must be refused.
 * @throws TypeError when a secret is not a `whsec_…` value (your configuration, not the delivery).
 * @example
 * const event = await unwrapWebhook(await request.text(), request.headers, [newSecret, oldSecret]);
 */
export async function unwrapWebhook(
  body: string | Uint8Array,
  headers: WebhookHeaders,
  secrets: string | readonly string[],
  options: UnwrapOptions = {},
): Promise<WebhookEvent> {
  const keys = (typeof secrets === 'string' ? [secrets] : secrets).map(secretKey);
  if (keys.length === 0) throw new TypeError('unwrapWebhook needs at least one secret.');
  const [id, timestamp, signature] = ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => {
    const value = headerValue(headers, name);
    if (!value) throw new WebhookVerificationError('missing_header', `The ${name} header is missing.`);
    return value;
  }) as [string, string, string];
  checkTimestamp(timestamp, options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS);

  const received = v1Signatures(signature);
  for (const key of keys) {
    const expected = await sign(key, id, timestamp, body);
    if (received.some((candidate) => sameBytes(candidate, expected))) return parseEvent(body);
  }
  throw new WebhookVerificationError('invalid_signature', 'No signature matches the secrets given.');
}

function checkTimestamp(timestamp: string, toleranceSeconds: number): void {
  if (!/^\d{1,15}$/.test(timestamp))
    throw new WebhookVerificationError('invalid_timestamp', 'webhook-timestamp is not whole seconds.');
  const skew = Math.abs(Date.now() / 1000 - Number(timestamp));
  if (skew > toleranceSeconds)
    throw new WebhookVerificationError(
      'timestamp_out_of_tolerance',
      `webhook-timestamp is ${Math.round(skew)} s from now, more than the ${toleranceSeconds} s allowed.`,
    );
}

function parseEvent(body: string | Uint8Array): WebhookEvent {
  let event: unknown;
  try {
    event = JSON.parse(typeof body === 'string' ? body : new TextDecoder().decode(body));
  } catch {
    throw new WebhookVerificationError('invalid_payload', 'The signed body is not JSON.');
  }
  const fields = (event ?? {}) as Record<string, unknown>;
  const isEvent =
    typeof event === 'object' &&
    ['id', 'type', 'timestamp', 'environment'].every((name) => typeof fields[name] === 'string') &&
    typeof fields.data === 'object' &&
    fields.data !== null;
  if (!isEvent) throw new WebhookVerificationError('invalid_payload', 'The signed body is not an event.');
  return event as WebhookEvent;
}
