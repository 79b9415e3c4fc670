// The HTTP request of one webhook attempt, as the Standard Webhooks specification defines it.
import { Webhook } from 'standardwebhooks';
import type { WebhookJob } from '../core/index.ts';

/**
 * One attempt's POST, as plain data: the endpoint's URL, the headers and the payload. Each
 * transport makes its own request of it (`node:http` on the server, a Fetch `Request` for a mock
 * receiver), so no attempt pays for an object its transport would only take apart.
 */
export interface WebhookPost {
  url: string;
  headers: Readonly<Record<string, string>>;
  body: string;
}

/** Signers by secret: a `Webhook` decodes its secret once, and an endpoint signs every attempt with it. */
const signers = new Map<string, Webhook>();
/** Endpoints signing at once stay far below this; past it the cache starts again. */
const MAX_SIGNERS = 1_000;

function signer(secret: string): Webhook {
  let webhook = signers.get(secret);
  if (!webhook) {
    if (signers.size >= MAX_SIGNERS) signers.clear();
    webhook = new Webhook(secret);
    signers.set(secret, webhook);
  }
  return webhook;
}

/**
 * The `webhook-signature` value for `payload`: `v1,<sig>` with the endpoint's secret and, while
 * the secret before its last rotation has not expired, a second `v1,<sig>` with that one, so a
 * receiver still holding the old secret keeps verifying during the rotation.
 *
 * @example webhookSignature(endpoint, 'evt_…', new Date(), '{"id":"evt_…"}') // 'v1,K5oZ… v1,x3Fa…'
 */
function webhookSignature(
  endpoint: WebhookJob['endpoint'],
  eventId: string,
  at: Date,
  payload: string,
): string {
  const secrets = [endpoint.secret];
  const { previousSecret, previousSecretExpiresAt } = endpoint;
  if (previousSecret && previousSecretExpiresAt && Date.parse(previousSecretExpiresAt) > at.getTime())
    secrets.push(previousSecret);
  return secrets.map((secret) => signer(secret).sign(eventId, at, payload)).join(' ');
}

/**
 * The POST of `job`'s event to its endpoint at `at`: the stored payload byte for byte, the event
 * id as `webhook-id`, `at` in seconds as `webhook-timestamp`, and the signature over the three.
 *
 * @example const post = webhookPost(job, clock(), 'course-service-webhooks/1.8.1');
 */
export function webhookPost(job: WebhookJob, at: Date, userAgent: string): WebhookPost {
  const { delivery, endpoint, payload } = job;
  return {
    url: endpoint.url,
    headers: {
      'content-type': 'application/json',
      'user-agent': userAgent,
      'webhook-id': delivery.eventId,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': webhookSignature(endpoint, delivery.eventId, at, payload),
    },
    body: payload,
  };
}
