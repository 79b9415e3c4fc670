import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserBundleOptions } from '../scripts/browser-bundle.ts';
import {
  type ServiceWorkerPage,
  serveServiceWorkerPage,
} from '../test-support/browser/service-worker-page.ts';

let page: ServiceWorkerPage;

beforeAll(async () => {
  page = await serveServiceWorkerPage({
    ...browserBundleOptions,
    entryPoints: [new URL('../test-support/browser/mocks-page.ts', import.meta.url).pathname],
  });
});
afterAll(() => page?.close());

describe('the mocks in a browser (msw service worker, headless Chromium)', () => {
  it('answer the SDK on the page with the mocked, stateful service', async () => {
    const tab = await page.browser.newPage();
    await tab.goto(page.origin);
    const handle = await tab.waitForFunction(
      () => (window as { mockResult?: unknown }).mockResult,
      undefined,
      { timeout: 15_000 },
    );
    expect(await handle.jsonValue()).toEqual({
      names: ['Made in Chromium', 'Seeded in the browser'],
      status: 'published',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      invalid: 'validation_failed',
      // Delivered in the page and verified there with the endpoint's secret (WebCrypto).
      verified: ['course.created', 'course.published'],
    });
  });
});
