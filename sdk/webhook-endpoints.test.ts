import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApiKey, startCourseServer, startHttpServer } from '../test-support/sdk/servers.ts';
import {
  BadRequestError,
  ConflictError,
  createCourseClient,
  NotFoundError,
  PermissionDeniedError,
} from './index.ts';

let server: Awaited<ReturnType<typeof startCourseServer>>;
let receiver: Awaited<ReturnType<typeof startHttpServer>>;
beforeAll(async () => {
  // The receiver listens on loopback, which only this setting lets an endpoint name.
  server = await startCourseServer({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  receiver = await startHttpServer((_, response) => response.writeHead(204).end());
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

/** A client of a fresh subject; the operationId and request of every attempt are recorded. */
async function recordedClient() {
  const calls: { operationId: string | undefined; request: Request }[] = [];
  const client = createCourseClient({
    baseUrl: server.url,
    apiKey: await newApiKey(server.url),
    onRequest: (request, { operationId }) => {
      calls.push({ operationId, request: request.clone() });
    },
  });
  return { client, calls };
}

describe('webhookEndpoints', () => {
  it('creates an endpoint with its secret shown once, safe to retry, then gets, updates and deletes it', async () => {
    const { client, calls } = await recordedClient();
    const created = await client.webhookEndpoints.create({
      url: `${receiver.url}/hooks`,
      eventTypes: ['course.created', 'course.published'],
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(created.secretStart).toBe(created.secret.slice(0, 10));
    expect(calls[0]?.request.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    const read = await client.webhookEndpoints.get(created.id);
    expect(read).not.toHaveProperty('secret');
    expect([read.url, read.eventTypes]).toEqual([
      `${receiver.url}/hooks`,
      ['course.created', 'course.published'],
    ]);
    const disabled = await client.webhookEndpoints.update(created.id, {
      enabled: false,
      description: 'Paused',
    });
    expect([disabled.enabled, disabled.disabledReason, disabled.description]).toEqual([
      false,
      'manual',
      'Paused',
    ]);
    expect(await client.webhookEndpoints.delete(created.id)).toBeUndefined();
    await expect(client.webhookEndpoints.get(created.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(calls.map((call) => call.operationId)).toEqual([
      'createWebhookEndpoint',
      'getWebhookEndpoint',
      'updateWebhookEndpoint',
      'deleteWebhookEndpoint',
      'getWebhookEndpoint',
    ]);
  });

  it('a create whose answer is lost is retried with its Idempotency-Key: one endpoint, the same secret', async () => {
    let lost = false;
    const posts: Request[] = [];
    const client = createCourseClient({
      baseUrl: server.url,
      apiKey: await newApiKey(server.url),
      fetch: async (input, init) => {
        const request = new Request(input, init);
        if (request.method === 'POST') posts.push(request.clone());
        const response = await fetch(request);
        // The endpoint is created; its answer goes missing on the way back.
        if (request.method === 'POST' && !lost) {
          lost = true;
          throw new TypeError('socket hang up');
        }
        return response;
      },
    });
    const created = await client.webhookEndpoints.create({ url: `${receiver.url}/hooks` });
    expect(posts.map((post) => post.headers.get('Idempotency-Key'))).toEqual([
      posts[0]?.headers.get('Idempotency-Key'),
      posts[0]?.headers.get('Idempotency-Key'),
    ]);
    const listed = [];
    for await (const endpoint of client.webhookEndpoints.list()) listed.push(endpoint.id);
    expect(listed).toEqual([created.id]);
    expect(created.secret).toMatch(/^whsec_/);
  });

  it('list() yields every endpoint across pages, newest first', async () => {
    const { client, calls } = await recordedClient();
    const ids = [];
    for (const name of ['a', 'b', 'c'])
      ids.push((await client.webhookEndpoints.create({ url: `${receiver.url}/${name}` })).id);
    calls.length = 0;
    const listed = [];
    for await (const endpoint of client.webhookEndpoints.list({ limit: 2 })) listed.push(endpoint.id);
    expect(listed).toEqual(ids.reverse());
    expect(calls.map((call) => call.operationId)).toEqual(['listWebhookEndpoints', 'listWebhookEndpoints']);
  });

  it('rotates the secret, sends a test event, lists its delivery and redelivers it', async () => {
    const { client, calls } = await recordedClient();
    const created = await client.webhookEndpoints.create({ url: `${receiver.url}/hooks` });
    const rotated = await client.webhookEndpoints.rotateSecret(created.id, { oldSecretExpiresIn: 0 });
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);
    expect(await client.webhookEndpoints.rotateSecret(created.id)).toHaveProperty('secret');

    const test = await client.webhookEndpoints.sendTest(created.id);
    expect([test.endpointId, test.eventType]).toEqual([created.id, 'webhook.test']);
    const deliveries = [];
    for await (const delivery of client.webhookEndpoints.deliveries(created.id, { limit: 1 }))
      deliveries.push(delivery);
    expect(deliveries.map((delivery) => delivery.id)).toEqual([test.id]);
    const again = await client.webhookEndpoints.redeliver(created.id, test.id);
    expect(again.id).not.toBe(test.id);
    expect([again.eventId, again.eventType]).toEqual([test.eventId, 'webhook.test']);
    const page = await client.webhookEndpoints.deliveriesPage(created.id, { limit: 10 });
    expect(page.data.map((delivery) => delivery.id).sort()).toEqual([test.id, again.id].sort());
    expect(calls.map((call) => call.operationId).slice(1)).toEqual([
      'rotateWebhookEndpointSecret',
      'rotateWebhookEndpointSecret',
      'sendTestWebhookEvent',
      'listWebhookDeliveries',
      'redeliverWebhookDelivery',
      'listWebhookDeliveries',
    ]);
  });

  it('answers typed errors: a bad URL, an unknown delivery, a disabled endpoint, a missing scope', async () => {
    const { client } = await recordedClient();
    const bad = await client.webhookEndpoints.create({ url: 'not a url' }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(BadRequestError);
    expect(new Set((bad as BadRequestError).errors.map((field) => field.pointer))).toEqual(new Set(['/url']));

    const created = await client.webhookEndpoints.create({ url: `${receiver.url}/hooks`, enabled: false });
    await expect(
      client.webhookEndpoints.redeliver(created.id, 'dlv_0000000000000000'),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(client.webhookEndpoints.sendTest(created.id)).rejects.toMatchObject({
      constructor: ConflictError,
      code: 'webhook_endpoint_disabled',
    });

    const reader = createCourseClient({
      baseUrl: server.url,
      apiKey: await newApiKey(server.url, ['courses:read']),
    });
    const denied = await reader.webhookEndpoints.listPage().catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(PermissionDeniedError);
    expect((denied as PermissionDeniedError).problem?.missingScopes).toEqual(['webhooks:write']);
  });
});
