import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server/harness.ts';
import { specSchema } from '../../test-support/server/spec-schema.ts';
import { accountOn, createEndpoint } from '../../test-support/server/webhook-accounts.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_MAX: '100000', KEY_CREATION_LIMIT_MAX: '1000' });
});
afterAll(() => server.close());

const account = (subject: string, body?: Record<string, unknown>) => accountOn(server, subject, body);
const endpointPath = (id: string) => `/api/v1/webhook-endpoints/${id}`;
const deliveriesOf = (key: string, endpointId: string, query = '') =>
  server.call('GET', `${endpointPath(endpointId)}/deliveries${query}`, { bearer: key });
const sendTest = (key: string, endpointId: string) =>
  server.call('POST', `${endpointPath(endpointId)}/test`, { bearer: key });
const redeliver = (key: string, endpointId: string, deliveryId: string) =>
  server.call('POST', `${endpointPath(endpointId)}/deliveries/${deliveryId}/redeliver`, { bearer: key });

describe('sendTestWebhookEvent', () => {
  it('202: a webhook.test delivery queued for the endpoint, never in the events feed', async () => {
    const { key } = await account('dlv-test');
    const endpoint = (await createEndpoint(server, key)).body;
    const queued = await sendTest(key, endpoint.id);
    expect(queued.status).toBe(202);
    expect(specSchema('WebhookDelivery')(queued.body)).toBe(true);
    expect(queued.body).toMatchObject({
      endpointId: endpoint.id,
      eventType: 'webhook.test',
      status: 'pending',
      attempts: 0,
      lastAttemptAt: null,
      responseStatus: null,
      durationMs: null,
      error: null,
      nextAttemptAt: queued.body.createdAt,
    });
    const listed = await deliveriesOf(key, endpoint.id);
    expect(listed.body.data.map((delivery: { id: string }) => delivery.id)).toEqual([queued.body.id]);
    const feed = await server.call('GET', '/api/v1/events?limit=100', { bearer: key });
    expect(feed.body.data.map((event: { id: string }) => event.id)).not.toContain(queued.body.eventId);
    const single = await server.call('GET', `/api/v1/events/${queued.body.eventId}`, { bearer: key });
    expect(single.status).toBe(404);
  });

  it('409 webhook_endpoint_disabled for a disabled endpoint, saying why', async () => {
    const { key } = await account('dlv-test-409');
    const endpoint = (await createEndpoint(server, key, { enabled: false })).body;
    const refused = await sendTest(key, endpoint.id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('webhook_endpoint_disabled');
    expect(refused.body.detail).toContain('(manual)');
  });

  it('400 for a bad id, 401, 403', async () => {
    const { key } = await account('dlv-test-4xx');
    expect((await sendTest(key, 'nope')).status).toBe(400);
    expect((await server.call('POST', `${endpointPath('we_0000000000000000')}/test`)).status).toBe(401);
    const reader = await account('dlv-test-4xx', { scopes: ['courses:read'] });
    expect((await sendTest(reader.key, 'we_0000000000000000')).status).toBe(403);
  });
});

describe('listWebhookDeliveries', () => {
  it('200: a delivery per event to each enabled endpoint that subscribes to it, newest first, filtered by status', async () => {
    const { key } = await account('dlv-fanout');
    const all = (await createEndpoint(server, key)).body;
    const published = (await createEndpoint(server, key, { eventTypes: ['course.published'] })).body;
    const paused = (await createEndpoint(server, key, { enabled: false })).body;
    const sandbox = await account('dlv-fanout', { environment: 'test' });
    const sandboxHook = (await createEndpoint(server, sandbox.key)).body;
    const course = await server.call('POST', '/api/v1/courses', {
      bearer: key,
      body: { name: 'C', description: '' },
    });
    await server.call('POST', `/api/v1/courses/${course.body.id}/publish`, { bearer: key });
    const feed = (await server.call('GET', '/api/v1/events?type=course.published', { bearer: key })).body
      .data;

    const toAll = await deliveriesOf(key, all.id);
    expect(toAll.status).toBe(200);
    expect(specSchema('WebhookDeliveryList')(toAll.body)).toBe(true);
    expect(toAll.body.data.map((delivery: { eventType: string }) => delivery.eventType)).toEqual([
      'course.published',
      'course.created',
    ]);
    const toPublished = (await deliveriesOf(key, published.id)).body.data;
    expect(toPublished.map((delivery: { eventId: string }) => delivery.eventId)).toEqual([feed[0].id]);
    expect((await deliveriesOf(key, paused.id)).body.data).toEqual([]);
    expect((await deliveriesOf(sandbox.key, sandboxHook.id)).body.data).toEqual([]);

    const paged = await deliveriesOf(key, all.id, '?limit=1');
    expect(paged.body.hasMore).toBe(true);
    const rest = await deliveriesOf(key, all.id, `?limit=1&cursor=${paged.body.nextCursor}`);
    expect(rest.body.data[0].eventType).toBe('course.created');
    const queued = await sendTest(key, all.id);
    const byStatus = await deliveriesOf(key, all.id, `?status=${queued.body.status}`);
    expect(byStatus.body.data.map((delivery: { id: string }) => delivery.id)).toContain(queued.body.id);
  });

  it('400 for an unknown status or a bad cursor, 404 for an unknown endpoint, 401, 403', async () => {
    const { key } = await account('dlv-list-4xx');
    const { id } = (await createEndpoint(server, key)).body;
    expect((await deliveriesOf(key, id, '?status=lost')).status).toBe(400);
    expect((await deliveriesOf(key, id, '?cursor=bm9wZQ')).body.code).toBe('invalid_cursor');
    expect((await deliveriesOf(key, 'we_0000000000000000')).status).toBe(404);
    expect((await server.call('GET', `${endpointPath(id)}/deliveries`)).status).toBe(401);
    const reader = await account('dlv-list-4xx', { scopes: ['events:read'] });
    expect((await deliveriesOf(reader.key, id)).status).toBe(403);
  });
});

describe('redeliverWebhookDelivery', () => {
  it('202: a new delivery of the same event, pending and due now', async () => {
    const { key } = await account('dlv-redeliver');
    const endpoint = (await createEndpoint(server, key)).body;
    await server.call('POST', '/api/v1/courses', { bearer: key, body: { name: 'R', description: '' } });
    const [original] = (await deliveriesOf(key, endpoint.id)).body.data;
    const again = await redeliver(key, endpoint.id, original.id);
    expect(again.status).toBe(202);
    expect(specSchema('WebhookDelivery')(again.body)).toBe(true);
    expect(again.body).toMatchObject({
      eventId: original.eventId,
      eventType: 'course.created',
      status: 'pending',
      attempts: 0,
    });
    expect(again.body.id).not.toBe(original.id);
    const listed = (await deliveriesOf(key, endpoint.id)).body.data;
    expect(listed.map((delivery: { id: string }) => delivery.id)).toEqual([again.body.id, original.id]);
  });

  it('404 for an unknown delivery, or one of another endpoint', async () => {
    const { key } = await account('dlv-redeliver-404');
    const first = (await createEndpoint(server, key)).body;
    const second = (await createEndpoint(server, key)).body;
    const queued = (await sendTest(key, first.id)).body;
    expect((await redeliver(key, second.id, queued.id)).status).toBe(404);
    const unknown = await redeliver(key, first.id, 'dlv_0000000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('not_found');
    const stranger = await account('dlv-redeliver-404-stranger');
    expect((await redeliver(stranger.key, first.id, queued.id)).status).toBe(404);
  });

  it('409 webhook_endpoint_disabled once the endpoint is paused', async () => {
    const { key } = await account('dlv-redeliver-409');
    const endpoint = (await createEndpoint(server, key)).body;
    const queued = (await sendTest(key, endpoint.id)).body;
    await server.call('PATCH', endpointPath(endpoint.id), { bearer: key, body: { enabled: false } });
    const refused = await redeliver(key, endpoint.id, queued.id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('webhook_endpoint_disabled');
  });

  it('400 for a bad delivery id, 401, 403', async () => {
    const { key } = await account('dlv-redeliver-4xx');
    const { id } = (await createEndpoint(server, key)).body;
    expect((await redeliver(key, id, 'evt_0000000000000000')).status).toBe(400);
    expect(
      (await server.call('POST', `${endpointPath(id)}/deliveries/dlv_0000000000000000/redeliver`)).status,
    ).toBe(401);
    const reader = await account('dlv-redeliver-4xx', { scopes: ['courses:write'] });
    expect((await redeliver(reader.key, id, 'dlv_0000000000000000')).status).toBe(403);
  });
});
