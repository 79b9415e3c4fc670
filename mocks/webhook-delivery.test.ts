import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCourseClient } from '../sdk/index.ts';
import { unwrapWebhook, type WebhookEvent } from '../sdk/webhooks.ts';
import { createCourseServiceMock, mockApiKey } from './index.ts';

// The application under test receives webhooks at HOOK_URL: its route handler (Request in,
// Response out) verifies each delivery with the secret the API returned, records the event and
// answers with `answers` (204 once they run out).
const baseUrl = 'https://courses.example.com';
const HOOK_URL = 'https://app.example/hooks';
const OTHER_URL = 'https://elsewhere.example/in';
const key = mockApiKey('webhook-delivery');
let secret = '';
let answers: number[] = [];
const received: { event: WebhookEvent; request: Request; body: string }[] = [];

async function POST(request: Request): Promise<Response> {
  const body = await request.clone().text();
  try {
    received.push({ event: await unwrapWebhook(body, request.headers, secret), request, body });
  } catch {
    return new Response('bad signature', { status: 400 });
  }
  return new Response(null, { status: answers.shift() ?? 204 });
}

// Near real time, so the consumer's verifier (which checks the timestamp against its own clock) accepts it.
let now = Date.now();
const mock = createCourseServiceMock({
  baseUrl,
  apiKeys: [{ key }],
  clock: () => new Date(now),
  // An hour's poll: what arrives without `settle()` came by the nudge after the write.
  webhooks: { deliver: { [HOOK_URL]: POST }, retrySchedule: [1, 2], pollMs: 3_600_000 },
});
const elsewhere: Request[] = [];
const server = setupServer(
  ...mock.handlers,
  http.post(OTHER_URL, ({ request }) => {
    elsewhere.push(request);
    return new HttpResponse(null, { status: 202 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  mock.reset();
  received.length = 0;
  elsewhere.length = 0;
  answers = [];
});
afterAll(() => server.close());

const client = createCourseClient({ baseUrl, apiKey: key, maxRetries: 0 });
const subscribe = async (url = HOOK_URL) => {
  const endpoint = await client.webhookEndpoints.create({ url });
  secret = endpoint.secret;
  return endpoint;
};
const deliveries = async (endpointId: string) =>
  (await client.webhookEndpoints.deliveriesPage(endpointId)).data;

describe('events in the mocks', () => {
  it('are recorded by the writes and served as a feed to the SDK', async () => {
    const course = await client.courses.create({ name: 'Fed', description: '' });
    await client.courses.publish(course.id);
    const events = [];
    for await (const event of client.events.list()) events.push(event);
    expect(events.map((event) => [event.type, event.data.id])).toEqual([
      ['course.created', course.id],
      ['course.published', course.id],
    ]);
    const [created] = events;
    expect(await client.events.get(created?.id ?? '')).toEqual(created);
  });
});

describe('webhook deliveries from the mocks', () => {
  it('post a created course to the application, once, signed with the endpoint secret', async () => {
    const endpoint = await subscribe();
    const course = await client.courses.create({ name: 'Delivered', description: 'by the mock' });
    await mock.webhooks.settle();
    await mock.webhooks.settle();
    expect(received).toHaveLength(1);
    const [{ event, request, body } = expect.unreachable()] = received;
    expect(event).toMatchObject({ type: 'course.created', data: { id: course.id, name: 'Delivered' } });
    expect(request.headers.get('webhook-id')).toBe(event.id);
    expect(request.headers.get('user-agent')).toMatch(/^course-service-webhooks\/\d+\.\d+\.\d+$/);
    // Any Standard Webhooks library verifies it too, and it is the feed's event byte for byte.
    expect(new Webhook(secret).verify(body, Object.fromEntries(request.headers))).toEqual(event);
    expect(await client.events.get(event.id)).toEqual(event);
    expect(await deliveries(endpoint.id)).toEqual([
      expect.objectContaining({ eventId: event.id, status: 'succeeded', attempts: 1, responseStatus: 204 }),
    ]);
  });

  it('arrive after the write without a call to settle', async () => {
    await subscribe();
    await client.courses.create({ name: 'Prompt', description: '' });
    await expect.poll(() => received.map(({ event }) => event.type)).toEqual(['course.created']);
  });

  it('retry an answer of 500 on the schedule, by the mock clock, then disable the endpoint', async () => {
    const endpoint = await subscribe();
    answers = [500, 500, 500];
    await client.courses.create({ name: 'Refused', description: '' });
    await mock.webhooks.settle();
    const [first] = await deliveries(endpoint.id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500 });
    expect(Date.parse(first?.nextAttemptAt ?? '')).toBe(Date.parse(first?.lastAttemptAt ?? '') + 1000);
    // Not due before the wait is over by the mock's clock.
    await mock.webhooks.settle();
    expect(received).toHaveLength(1);
    now += 1000;
    await mock.webhooks.settle();
    now += 2000;
    await mock.webhooks.settle();
    expect(received.map(({ request }) => request.headers.get('webhook-id'))).toEqual(
      Array(3).fill(first?.eventId),
    );
    expect(await deliveries(endpoint.id)).toEqual([
      expect.objectContaining({ status: 'failed', attempts: 3, responseStatus: 500, nextAttemptAt: null }),
    ]);
    expect(await client.webhookEndpoints.get(endpoint.id)).toMatchObject({
      enabled: false,
      disabledReason: 'retries_exhausted',
    });
  });

  it('succeed on a retry once the application answers 2xx again', async () => {
    const endpoint = await subscribe();
    answers = [503];
    await client.courses.create({ name: 'Second time', description: '' });
    await mock.webhooks.settle();
    now += 1000;
    await mock.webhooks.settle();
    expect(await deliveries(endpoint.id)).toEqual([
      expect.objectContaining({ status: 'succeeded', attempts: 2, responseStatus: 204 }),
    ]);
  });

  it('stop at a 410 Gone, which disables the endpoint', async () => {
    const endpoint = await subscribe();
    answers = [410];
    await client.courses.create({ name: 'Gone', description: '' });
    await mock.webhooks.settle();
    expect(await client.webhookEndpoints.get(endpoint.id)).toMatchObject({
      enabled: false,
      disabledReason: 'endpoint_gone',
    });
    expect(await deliveries(endpoint.id)).toEqual([
      expect.objectContaining({ status: 'failed', attempts: 1, responseStatus: 410 }),
    ]);
    // A disabled endpoint is sent nothing more.
    await client.courses.create({ name: 'Never sent', description: '' });
    await mock.webhooks.settle();
    expect(received).toHaveLength(1);
  });

  it('send a test event with sendTest', async () => {
    const endpoint = await subscribe();
    const delivery = await client.webhookEndpoints.sendTest(endpoint.id);
    await mock.webhooks.settle();
    expect(received.map(({ event }) => [event.type, event.id])).toEqual([['webhook.test', delivery.eventId]]);
  });

  it('go to fetch for an endpoint URL without a receiver of its own, where msw answers them', async () => {
    const endpoint = await subscribe(OTHER_URL);
    await client.courses.create({ name: 'Fetched', description: '' });
    await mock.webhooks.settle();
    expect(received).toEqual([]);
    const [request = expect.unreachable()] = elsewhere;
    expect(await unwrapWebhook(await request.text(), request.headers, endpoint.secret)).toMatchObject({
      type: 'course.created',
    });
    expect(await deliveries(endpoint.id)).toEqual([
      expect.objectContaining({ status: 'succeeded', responseStatus: 202 }),
    ]);
  });
});

describe('webhook retries by real time', () => {
  it('are picked up by the poll, with no call to settle', async () => {
    const statuses = [500];
    let attempts = 0;
    const realTime = createCourseServiceMock({
      baseUrl: 'https://real-time.example.com',
      apiKeys: [{ key }],
      webhooks: {
        deliver: () => {
          attempts++;
          return new Response(null, { status: statuses.shift() ?? 200 });
        },
        retrySchedule: [0.05],
        pollMs: 20,
      },
    });
    server.use(...realTime.handlers);
    const realClient = createCourseClient({ baseUrl: realTime.baseUrl, apiKey: key, maxRetries: 0 });
    const endpoint = await realClient.webhookEndpoints.create({ url: HOOK_URL });
    await realClient.courses.create({ name: 'Retried', description: '' });
    await expect
      .poll(async () => (await realClient.webhookEndpoints.deliveriesPage(endpoint.id)).data, {
        timeout: 5000,
      })
      .toEqual([expect.objectContaining({ status: 'succeeded', attempts: 2, responseStatus: 200 })]);
    expect(attempts).toBe(2);
  });
});

describe('the webhooks option', () => {
  it('is checked when the mock is created', () => {
    const create = (webhooks: unknown) => createCourseServiceMock({ baseUrl, webhooks: webhooks as never });
    expect(() => create({ deliver: 'https://app.example' })).toThrow(TypeError);
    expect(() => create({ deliver: { 'not a url': POST } })).toThrow(/'not a url' must be an absolute URL/);
    expect(() => create({ deliver: POST, retrySchedule: [-1] })).toThrow(/webhooks.retrySchedule/);
    expect(() => create({ deliver: POST, pollMs: 0 })).toThrow(/webhooks.pollMs/);
  });

  it('is needed to settle deliveries: without it they stay pending', async () => {
    await expect(createCourseServiceMock({ baseUrl }).webhooks.settle()).rejects.toThrow(
      /give it the `webhooks` option/,
    );
  });
});
