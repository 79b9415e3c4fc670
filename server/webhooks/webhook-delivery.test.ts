import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server/harness.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test-support/server/webhook-receiver.ts';

// The server delivering webhooks end to end: a real server (sql.js file, or PostgreSQL in the
// server:postgres project), a loopback receiver, signatures checked with standardwebhooks.
const open: Array<TestServer | WebhookReceiver> = [];
afterEach(async () => {
  for (const closable of open.splice(0).reverse()) await closable.close();
});

async function setUp(env: Record<string, string> = {}) {
  const server = await startTestServer({
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_POLL_MS: '50',
    WEBHOOK_RETRY_SCHEDULE: '0.1,0.1,0.1',
    LOG_LEVEL: 'warn',
    ...env,
  });
  const receiver = await startWebhookReceiver();
  open.push(server, receiver);
  const key = await server.apiKey('alice');
  return { server, receiver, key };
}

async function createEndpoint(server: TestServer, key: string, url: string) {
  const created = await server.call('POST', '/api/v1/webhook-endpoints', { bearer: key, body: { url } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: string; secret: string };
}

/** Waits until `check` passes (the delivery loop runs on its own). */
const eventually = (check: () => void | Promise<void>) =>
  expect
    .poll(
      async () => {
        try {
          await check();
          return true;
        } catch {
          return false;
        }
      },
      { timeout: 15_000, interval: 50 },
    )
    .toBe(true);

describe('webhook delivery', () => {
  it('posts every course and key change once, signed, with the payload the feed serves', async () => {
    const { server, receiver, key } = await setUp();
    const endpoint = await createEndpoint(server, key, receiver.url);
    const course = await server.call('POST', '/api/v1/courses', {
      bearer: key,
      body: { name: 'Webhooks 101', description: '' },
    });
    const id = course.body.id as string;
    const courseCalls: Array<[string, string, unknown?]> = [
      ['PATCH', `/api/v1/courses/${id}`, { name: 'Webhooks 102' }],
      ['POST', `/api/v1/courses/${id}/publish`],
      ['POST', `/api/v1/courses/${id}/archive`],
      ['POST', `/api/v1/courses/${id}/restore`],
      ['DELETE', `/api/v1/courses/${id}`],
    ];
    for (const [method, path, body] of courseCalls) {
      const answer = await server.call(method, path, { bearer: key, body });
      expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    }
    const idToken = await server.idToken('alice');
    const second = await server.call('POST', '/api/v1/api-keys', {
      bearer: idToken,
      body: { name: 'second' },
    });
    const rolled = await server.call('POST', `/api/v1/api-keys/${second.body.id}/roll`, {
      bearer: idToken,
      body: {},
    });
    expect(rolled.status, JSON.stringify(rolled.body)).toBe(201);
    const revoked = await server.call('DELETE', `/api/v1/api-keys/${rolled.body.id}`, { bearer: idToken });
    expect(revoked.status).toBeLessThan(300);

    const feed = await server.call('GET', '/api/v1/events?limit=100', { bearer: key });
    // The first is the creation of the key that made the endpoint: before it, so never delivered.
    const [first, ...events] = feed.body.data as Array<{ id: string; type: string }>;
    expect(first?.type).toBe('api_key.created');
    expect(events.map((event) => event.type)).toEqual([
      'course.created',
      'course.updated',
      'course.published',
      'course.archived',
      'course.restored',
      'course.deleted',
      'api_key.created',
      'api_key.rolled',
      'api_key.revoked',
    ]);
    await eventually(() => expect(receiver.received.length).toBeGreaterThanOrEqual(events.length));
    // Every delivery recorded as succeeded, then nothing more arrives: each event came once.
    await eventually(async () => {
      const deliveries = await server.call(
        'GET',
        `/api/v1/webhook-endpoints/${endpoint.id}/deliveries?limit=100`,
        {
          bearer: key,
        },
      );
      expect(deliveries.body.data.map((delivery: { status: string }) => delivery.status)).toEqual(
        events.map(() => 'succeeded'),
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ids = receiver.received.map((request) => request.headers['webhook-id']);
    expect(ids.sort()).toEqual(events.map((event) => event.id).sort());
    for (const request of receiver.received) {
      const payload = receiver.verify(request, endpoint.secret);
      expect(payload).toEqual(events.find((event) => event.id === payload.id));
      expect(request.headers['user-agent']).toMatch(/^course-service-webhooks\/\d+\.\d+\.\d+$/);
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.path).toBe('/hooks');
    }
  });

  it('retries a receiver answering 500 on the schedule, then fails the delivery and disables the endpoint', async () => {
    const { server, receiver, key } = await setUp();
    receiver.answer(500);
    const endpoint = await createEndpoint(server, key, receiver.url);
    await server.call('POST', '/api/v1/courses', {
      bearer: key,
      body: { name: 'Never received', description: '' },
    });
    const path = `/api/v1/webhook-endpoints/${endpoint.id}`;
    await eventually(async () => {
      expect((await server.call('GET', path, { bearer: key })).body).toMatchObject({
        enabled: false,
        disabledReason: 'retries_exhausted',
      });
    });
    // One attempt and one for each of the schedule's three waits, all of the same event.
    expect(receiver.received).toHaveLength(4);
    expect(new Set(receiver.received.map((request) => request.headers['webhook-id'])).size).toBe(1);
    const deliveries = await server.call('GET', `${path}/deliveries`, { bearer: key });
    expect(deliveries.body.data).toEqual([
      expect.objectContaining({
        status: 'failed',
        attempts: 4,
        responseStatus: 500,
        error: null,
        nextAttemptAt: null,
      }),
    ]);
  });

  it('disables the endpoint at once when the receiver answers 410 Gone', async () => {
    const { server, receiver, key } = await setUp();
    receiver.answer(410);
    const endpoint = await createEndpoint(server, key, receiver.url);
    await server.call('POST', '/api/v1/courses', { bearer: key, body: { name: 'Gone', description: '' } });
    const path = `/api/v1/webhook-endpoints/${endpoint.id}`;
    await eventually(async () => {
      expect((await server.call('GET', path, { bearer: key })).body).toMatchObject({
        enabled: false,
        disabledReason: 'endpoint_gone',
      });
    });
    expect(receiver.received).toHaveLength(1);
    const deliveries = await server.call('GET', `${path}/deliveries`, { bearer: key });
    expect(deliveries.body.data).toEqual([
      expect.objectContaining({ status: 'failed', attempts: 1, responseStatus: 410 }),
    ]);
  });

  it('delivers over http to a loopback receiver on a development server by default', async () => {
    const server = await startTestServer({ WEBHOOK_POLL_MS: '50', LOG_LEVEL: 'warn' });
    const receiver = await startWebhookReceiver();
    open.push(server, receiver);
    const key = await server.apiKey('developer');
    const endpoint = await createEndpoint(server, key, receiver.url);
    await server.call('POST', '/api/v1/courses', { bearer: key, body: { name: 'Local', description: '' } });
    await eventually(() => expect(receiver.received).toHaveLength(1));
    const types = receiver.received.map((request) => receiver.verify(request, endpoint.secret).type);
    expect(types).toEqual(['course.created']);
  });

  it('fails attempts to a host that does not resolve as connection_failed, and keeps serving', async () => {
    const { server, key } = await setUp({ WEBHOOK_RETRY_SCHEDULE: '3600' });
    const endpoint = await createEndpoint(server, key, 'https://no-such-host.invalid/hooks');
    await server.call('POST', '/api/v1/courses', { bearer: key, body: { name: 'Lost', description: '' } });
    const deliveries = `/api/v1/webhook-endpoints/${endpoint.id}/deliveries`;
    await eventually(async () => {
      expect((await server.call('GET', deliveries, { bearer: key })).body.data).toEqual([
        expect.objectContaining({
          status: 'pending',
          attempts: 1,
          error: 'connection_failed',
          responseStatus: null,
        }),
      ]);
    });
    expect((await server.call('GET', '/api/v1/courses', { bearer: key })).status).toBe(200);
  });

  it('refuses a loopback or http URL without WEBHOOK_ALLOW_PRIVATE_URLS', async () => {
    const { server, receiver, key } = await setUp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'false' });
    const https = receiver.url.replace('http:', 'https:');
    for (const url of [
      receiver.url,
      https,
      https.replace('127.0.0.1', 'localhost'),
      https.replace('127.0.0.1', '[::1]'),
    ]) {
      const refused = await server.call('POST', '/api/v1/webhook-endpoints', { bearer: key, body: { url } });
      expect(refused.status, url).toBe(400);
      expect(refused.body).toMatchObject({
        code: 'validation_failed',
        errors: [expect.objectContaining({ pointer: '/url' })],
      });
    }
  });
});
