import { ConflictError, createCourseClient } from '../index.ts';

const baseUrl = process.env.COURSE_SERVICE_URL ?? 'http://localhost:3000';
const client = createCourseClient({ baseUrl, apiKey: process.env.COURSE_SERVICE_API_KEY });

// Your route's public URL. A local one (as here) needs a service started with
// WEBHOOK_ALLOW_PRIVATE_URLS=true; production endpoints must be https on public addresses.
const url = process.env.WEBHOOK_URL ?? 'http://localhost:4000/api/webhooks';

// The secret is in this answer only: store it where your route reads it.
const endpoint = await client.webhookEndpoints.create({
  url,
  eventTypes: ['course.published', 'course.archived'],
});
console.log(endpoint.secret.startsWith(endpoint.secretStart)); // true: `secretStart` recognises it later

// Rotate: the answer holds the new secret; the old one keeps signing beside it (both signatures in
// every delivery) for `oldSecretExpiresIn` seconds, while your route moves to the new one.
const rotated = await client.webhookEndpoints.rotateSecret(endpoint.id, { oldSecretExpiresIn: 3600 });
console.log(rotated.secret !== endpoint.secret); // true

// A test event (`webhook.test`) to this endpoint alone, then its delivery log: attempts, answer, next retry.
const test = await client.webhookEndpoints.sendTest(endpoint.id);
for await (const delivery of client.webhookEndpoints.deliveries(endpoint.id))
  console.log(delivery.id === test.id, delivery.eventType); // true webhook.test

// Paused, an endpoint receives nothing and refuses test events; `enabled: true` resumes it.
await client.webhookEndpoints.update(endpoint.id, { enabled: false });
try {
  await client.webhookEndpoints.sendTest(endpoint.id);
} catch (error) {
  if (!(error instanceof ConflictError)) throw error;
  console.log(error.code); // webhook_endpoint_disabled
}
for await (const { id, enabled, disabledReason } of client.webhookEndpoints.list())
  console.log(id === endpoint.id, enabled, disabledReason); // true false manual
await client.webhookEndpoints.delete(endpoint.id);
