// Bundled by browser.test.ts: a page that starts the mocks in a service worker and calls them with the SDK.
import { setupWorker } from 'msw/browser';
import { createCourseClient } from '../../sdk/index.ts';
import { createCourseServiceMock, mockApiKey } from '../index.ts';

const apiKey = mockApiKey('browser');
const mock = createCourseServiceMock({
  baseUrl: 'https://courses.example.com',
  apiKeys: [{ key: apiKey }],
  seed: { courses: [{ name: 'Seeded in the browser' }] },
});
const report = (result: unknown) => Object.assign(window, { mockResult: result });

try {
  await setupWorker(...mock.handlers).start({ quiet: true, serviceWorker: { url: '/mockServiceWorker.js' } });
  const client = createCourseClient({ baseUrl: mock.baseUrl, apiKey, maxRetries: 0 });
  const created = await client.courses.create({
    name: 'Made in Chromium',
    description: 'via a service worker',
  });
  const published = await client.courses.publish(created.id);
  const { data: list, requestId } = await client.courses.listPage().withResponse();
  const invalid = await client.courses
    .create({ name: '', description: '' })
    .catch((error: unknown) => (error as { code: string }).code);
  report({ names: list.data.map((course) => course.name), status: published.status, requestId, invalid });
} catch (error) {
  report({ error: String(error) });
}
