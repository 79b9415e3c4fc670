import { defineNetworkFixture } from '@msw/playwright';
import type { BrowserContext } from 'playwright-core';
import { createCourseServiceMock, mockApiKey } from '../index.ts';

/**
 * Sends the calls that every page of `context` makes to `baseUrl` to a fresh mock of the service,
 * in this (the test's) process, where the test can control it and assert on what it received.
 */
export async function mockCourseService(context: BrowserContext, baseUrl: string) {
  const mock = createCourseServiceMock({
    baseUrl,
    apiKeys: [{ key: mockApiKey('e2e') }],
    seed: { courses: [{ name: 'Seeded for the end-to-end test' }] },
    // A test may force an error from outside the app: `Prefer: code=503` on the page's requests.
    overrides: true,
  });
  const network = defineNetworkFixture({ context, handlers: mock.handlers });
  await network.enable();
  return { mock, network };
}
