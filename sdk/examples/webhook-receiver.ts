import { Webhook } from 'standardwebhooks';
import { unwrapWebhook, type WebhookEvent, WebhookVerificationError } from '../webhooks.ts';

// The endpoint's secrets, newest first: during a rotation both, so deliveries signed by either pass.
// (Each is a `whsec_…` value as `webhookEndpoints.create` or `rotateSecret` showed it.)
const newSecret = () => `whsec_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(24))))}`;
const [currentSecret, previousSecret] = [newSecret(), newSecret()];
const secrets = [currentSecret, previousSecret];

// Deliveries come at least once: a retry, a redelivery or a crash can repeat one. Their
// `webhook-id` (the event's id) tells: keep the ids handled, e.g. a unique column of your database.
const handled = new Set<string>();

// The route, as a Fetch handler: Next.js (`export { POST }` in app/api/webhooks/route.ts), Hono,
// Remix, Bun, Deno and Workers take it as it is. Verify the body exactly as it came, before parsing.
async function POST(request: Request): Promise<Response> {
  let event: WebhookEvent;
  try {
    event = await unwrapWebhook(await request.text(), request.headers, secrets);
  } catch (error) {
    if (!(error instanceof WebhookVerificationError)) throw error;
    return new Response(error.code, { status: 400 }); // not from the service, or replayed too late
  }
  if (handled.has(event.id)) return new Response(null, { status: 204 }); // seen already: nothing to do
  handled.add(event.id);
  if (event.type === 'course.published') console.log('published:', event.data.name);
  // Answer 2xx quickly; anything else (or no answer in 15 s) is retried later.
  return new Response(null, { status: 204 });
}

// Try the route offline: sign a delivery as the service does, with the `standardwebhooks` library.
function delivery(secret: string, id = 'evt_2Nq8xT5mK9pR3vL7'): Request {
  const body = JSON.stringify({
    id,
    type: 'course.published',
    timestamp: new Date().toISOString(),
    environment: 'prod',
    data: { id: 'crs_7GfK2pQm9XwLz4Rt', name: 'Astronomy', status: 'published' },
  });
  const now = new Date();
  const headers = {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, now, body),
  };
  return new Request('http://localhost/api/webhooks', { method: 'POST', headers, body });
}

console.log((await POST(delivery(currentSecret))).status); // 204, after `published: Astronomy`
console.log((await POST(delivery(currentSecret))).status); // 204: the same webhook-id, handled once
console.log((await POST(delivery(previousSecret, 'evt_5Rt9pQm2XwLz4GfK'))).status); // 204: the old secret passes too
const forged = await POST(delivery(newSecret()));
console.log(forged.status, await forged.text()); // 400 invalid_signature
