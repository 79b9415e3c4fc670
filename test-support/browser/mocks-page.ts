// Bundled by browser.test.ts: a page that starts the mocks in a service worker and calls them with the SDK.
import { setupWorker } from 'msw/browser';
import { createCourseServiceMock, mockApiKey } from '../../mocks/index.ts';
import { createCourseClient } from '../../sdk/index.ts';

const apiKey = mockApiKey('browser');
// The page's own webhook route: the mock delivers to it in the page, signed.
const deliveries: Request[] = [];
const mock = createCourseServiceMock({
  baseUrl: 'https://courses.example.com',
  apiKeys: [{ key: apiKey }],
  seed: { courses: [{ name: 'Seeded in the browser' }] },
  webhooks: {
    deliver: (request) => {
      deliveries.push(request);
      return new Response(null, { status: 204 });
    },
  },
});
const report = (result: unknown) => Object.assign(window, { mockResult: result });

try {
  await setupWorker(...mock.handlers).start({ quiet: true, serviceWorker: { url: '/mockServiceWorker.js' } });
  const client = createCourseClient({ baseUrl: mock.baseUrl, apiKey, maxRetries: 0 });
  const { secret } = await client.webhookEndpoints.create({ url: 'https://app.example.com/hooks' });
  const created = await client.courses.create({
    name: 'Made in Chromium',
    description: 'via a service worker',
  });
  const published = await client.courses.publish(created.id);
  const { data: list, requestId } = await client.courses.listPage().withResponse();
  const invalid = await client.courses
    .create({ name: '', description: '' })
    .catch((error: unknown) => (error as { code: string }).code);
  await mock.webhooks.settle();
  const verified = await Promise.all(
    deliveries.map(
      async (request) => (await client.webhooks.unwrap(await request.text(), request.headers, secret)).type,
    ),
  );
  report({
    names: list.data.map((course) => course.name),
    status: published.status,
    requestId,
    invalid,
    verified,
  });
} catch (error) {
  report({ error: String(error) });
}
