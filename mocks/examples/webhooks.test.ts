import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCourseClient } from '../../sdk/index.ts';
import { createCourseServiceMock, mockApiKey } from '../index.ts';

const baseUrl = 'https://courses.example.com';
const apiKey = mockApiKey('my-app');
const client = createCourseClient({ baseUrl, apiKey, maxRetries: 0 });

// The code under test: your application's webhook route, a Fetch handler as in Next.js or Hono
// (in your project, an import from your own module). It verifies each delivery with the
// endpoint's secret, skips one it has seen (deliveries come at least once) and records the names.
let webhookSecret = '';
const seen = new Set<string>();
const courseNames: string[] = [];
let databaseDown = false;
async function POST(request: Request): Promise<Response> {
  const event = await client.webhooks
    .unwrap(await request.text(), request.headers, webhookSecret)
    .catch(() => undefined);
  if (!event) return new Response('invalid signature', { status: 400 });
  if (databaseDown) return new Response('try again later', { status: 500 });
  if (event.type === 'course.created' && !seen.has(event.id)) {
    seen.add(event.id);
    courseNames.push(event.data.name);
  }
  return new Response(null, { status: 204 });
}

// The mock's clock moves the retries on; it starts at the real time, which verifiers compare
// `webhook-timestamp` with.
let now = Date.now();
const mock = createCourseServiceMock({
  baseUrl,
  apiKeys: [{ key: apiKey }],
  clock: () => new Date(now),
  webhooks: { deliver: { 'https://my-app.example/api/webhooks': POST }, retrySchedule: [5, 60] },
});
const server = setupServer(...mock.handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  const endpoint = await client.webhookEndpoints.create({ url: 'https://my-app.example/api/webhooks' });
  webhookSecret = endpoint.secret;
});
afterEach(() => {
  mock.reset(); // the endpoint and its deliveries go too
  seen.clear();
  courseNames.length = 0;
  databaseDown = false;
});
afterAll(() => server.close());

describe('the webhook route', () => {
  it('records each course created, once', async () => {
    await client.courses.create({ name: 'Algebra', description: '' });
    await mock.webhooks.settle(); // every delivery due has been answered
    expect(courseNames).toEqual(['Algebra']);
  });

  it('gets the event again after answering 500, once the wait is over', async () => {
    databaseDown = true;
    await client.courses.create({ name: 'Biology', description: '' });
    await mock.webhooks.settle();
    expect(courseNames).toEqual([]);
    databaseDown = false;
    now += 5_000; // the first wait of the schedule
    await mock.webhooks.settle();
    expect(courseNames).toEqual(['Biology']);
  });

  it('answers the test event of the dashboard', async () => {
    const [endpoint] = (await client.webhookEndpoints.listPage()).data;
    const delivery = await client.webhookEndpoints.sendTest(endpoint?.id ?? '');
    await mock.webhooks.settle();
    const [recorded] = (await client.webhookEndpoints.deliveriesPage(delivery.endpointId)).data;
    expect(recorded).toMatchObject({ eventType: 'webhook.test', status: 'succeeded', responseStatus: 204 });
  });
});
