import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourseServiceMock, mockApiKey } from './index.ts';

const DAY_MS = 24 * 3600 * 1000;
let now = Date.parse('2026-11-29T09:00:00Z');
const key = mockApiKey('webhooks-mock');
const strict = createCourseServiceMock({
  baseUrl: 'http://strict.test',
  apiKeys: [{ key }],
  clock: () => new Date(now),
});
const lenient = createCourseServiceMock({
  baseUrl: 'http://lenient.test',
  apiKeys: [{ key }],
  webhookAllowPrivateUrls: true,
});
const server = setupServer(...strict.handlers, ...lenient.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

async function call(baseUrl: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

describe('webhooks in the mocks', () => {
  it('check what a URL says, and allow private addresses only when told to', async () => {
    const loopback = { url: 'http://127.0.0.1:8080/hook' };
    const refused = await call('http://strict.test', 'POST', '/webhook-endpoints', loopback);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { location: 'body', pointer: '/url', detail: 'must be an https URL' },
    ]);
    const created = await call('http://lenient.test', 'POST', '/webhook-endpoints', loopback);
    expect(created.status).toBe(201);
    // No DNS in the mocks: a host name passes on what the URL says.
    expect(
      (await call('http://strict.test', 'POST', '/webhook-endpoints', { url: 'https://hooks.example.com/' }))
        .status,
    ).toBe(201);
  });

  it('serve events for 30 days; a delivery of an older event cannot be redelivered (404)', async () => {
    const endpoint = (
      await call('http://strict.test', 'POST', '/webhook-endpoints', { url: 'https://93.184.216.34/' })
    ).body;
    const course = (await call('http://strict.test', 'POST', '/courses', { name: 'Old', description: '' }))
      .body;
    const [event] = (await call('http://strict.test', 'GET', '/events?type=course.created')).body.data;
    expect(event.data.id).toBe(course.id);
    const [delivery] = (
      await call('http://strict.test', 'GET', `/webhook-endpoints/${endpoint.id}/deliveries`)
    ).body.data;
    now += 29 * DAY_MS;
    expect((await call('http://strict.test', 'GET', `/events/${event.id}`)).status).toBe(200);
    now += 2 * DAY_MS;
    expect((await call('http://strict.test', 'GET', '/events?type=course.created')).body.data).toEqual([]);
    expect((await call('http://strict.test', 'GET', `/events/${event.id}`)).status).toBe(404);
    const redelivered = await call(
      'http://strict.test',
      'POST',
      `/webhook-endpoints/${endpoint.id}/deliveries/${delivery.id}/redeliver`,
    );
    expect(redelivered.status).toBe(404);
    expect(redelivered.body.detail).toContain('no longer kept');
  });
});
