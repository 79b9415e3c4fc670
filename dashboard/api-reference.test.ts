import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server/http-server.ts';
import { buildApiReference } from '../server/reference/build-api-reference.ts';
import { startServer } from '../server/start-server.ts';
import { launchChromium } from '../test-support/browser/chromium.ts';
import { screenshot, watchPage } from './browser.ts';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  await buildApiReference();
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the API reference at /docs, in headless Chromium', () => {
  it('renders every operation from /api/openapi, from this origin only, under a CSP without inline script', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchPage(page, [server.url]);
    const response = await page.goto(`${server.url}/docs`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self'; style-src 'self';/);
    await page.getByText('Course Management Service').first().waitFor({ timeout: 20_000 });
    for (const summary of ['List courses', 'Create a course', 'Get a course']) {
      await expect(page.getByText(summary).first().isVisible()).resolves.toBe(true);
    }
    // Groups further down start collapsed in the sidebar; their names are there.
    for (const group of ['API keys', 'Service']) {
      await expect(page.getByText(group, { exact: true }).first().isVisible()).resolves.toBe(true);
    }
    // The stylesheet applied: the sidebar is laid out beside the content, not above it.
    const sidebar = await page.getByText('List courses').first().boundingBox();
    expect(sidebar?.x ?? 0).toBeLessThan(300);
    await screenshot(page, 'api-reference');
    expect(problems).toEqual([]);
  });

  it('links everything from the landing page', async () => {
    const page = await browser.newPage();
    await page.goto(server.url);
    const links = await page
      .locator('a')
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(links).toEqual(['/', '/docs', '/dashboard/', '/api/openapi', '/healthz']);
  });
});
