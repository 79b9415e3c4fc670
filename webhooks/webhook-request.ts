// The HTTP request of one webhook attempt, as the Standard Webhooks specification defines it.
import { Webhook } from 'standardwebhooks';
import type { WebhookJob } from '../core/index.ts';

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
  return secrets.map((secret) => new Webhook(secret).sign(eventId, at, payload)).join(' ');
}

/**
 * The POST of `job`'s event to its endpoint at `at`: the stored payload byte for byte, the event
 * id as `webhook-id`, `at` in seconds as `webhook-timestamp`, and the signature over the three.
 *
 * @example const request = webhookRequest(job, clock(), 'course-service-webhooks/1.8.0');
 */
export function webhookRequest(job: WebhookJob, at: Date, userAgent: string): Request {
  const { delivery, endpoint, payload } = job;
  return new Request(endpoint.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': userAgent,
      'webhook-id': delivery.eventId,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': webhookSignature(endpoint, delivery.eventId, at, payload),
    },
    body: payload,
    redirect: 'manual',
  });
}
