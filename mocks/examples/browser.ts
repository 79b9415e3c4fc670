import { setupWorker } from 'msw/browser';
import { createCourseServiceMock, mockApiKey } from '../index.ts';

// The same mocked service as in Node, in memory in the page.
const mock = createCourseServiceMock({
  baseUrl: 'https://courses.example.com',
  apiKeys: [{ key: mockApiKey('web-app') }],
  idTokens: { 'dev-token': 'alice' },
  seed: { courses: [{ name: 'Seeded for the demo', status: 'published' }] },
});

// The worker script is the one `npx msw init` copied into your public folder.
await setupWorker(...mock.handlers).start({ onUnhandledRequest: 'bypass' });

// Render your app after this line: its calls to https://courses.example.com reach the mock.
