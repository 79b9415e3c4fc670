import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server/http-server.ts';
import { buildApiReference } from '../server/reference/build-api-reference.ts';
import { startServer } from '../server/start-server.ts';
import { launchChromium } from '../test-support/browser/chromium.ts';
import { screenshot } from './browser.ts';
import { buildDashboard } from './build.ts';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  await Promise.all([buildDashboard(), buildApiReference()]);
  [server, browser] = await Promise.all([
    startServer({ env: { DATA_DIR: ':memory:', LOG_LEVEL: 'silent' } }),
    launchChromium(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * Zod, inside the reference's renderer, asks once whether `new Function` is allowed and takes its
 * interpreted path when refused: the one violation a CSP without 'unsafe-eval' must cause.
 */
const isEvalProbe = (directive: string, blocked: string, source: string) =>
  directive === 'script-src' &&
  blocked === 'eval' &&
  /\/docs\/assets\/reference-[0-9a-f]{12}\.js$/.test(source);

/** Opens `path` and records every console error, CSP violation, failed request and uncaught error. */
async function open(path: string): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => problems.push(`failed: ${request.url()}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
  });
  // Some violations (a refused eval) print nothing to the console; the page's event sees them all.
  await page.exposeFunction('reportViolation', (directive: string, blocked: string, source: string) => {
    if (!isEvalProbe(directive, blocked, source))
      problems.push(`CSP ${directive}: ${blocked} from ${source}`);
  });
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportViolation: (...args: string[]) => void }).reportViolation(
        event.violatedDirective,
        event.blockedURI,
        event.sourceFile,
      ),
    ),
  );
  const response = await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
  expect(response?.status()).toBe(200);
  return { page, problems };
}

/** Resolves once the page's DOM has not changed for a second (or after twenty). */
function settled(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let quiet = setTimeout(done, 1_000);
        const observer = new MutationObserver(() => {
          clearTimeout(quiet);
          quiet = setTimeout(done, 1_000);
        });
        const cap = setTimeout(done, 20_000);
        function done() {
          observer.disconnect();
          clearTimeout(cap);
          resolve();
        }
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      }),
  );
}

/** The page's icon answers 200 as SVG (Chromium fetches it outside the page's own requests). */
async function expectFavicon(page: Page) {
  const href = await page.evaluate(() => document.querySelector('link[rel="icon"]')?.getAttribute('href'));
  const icon = await fetch(new URL(href ?? '/favicon.ico', server.url));
  expect([href, icon.status, icon.headers.get('content-type')]).toEqual([
    '/favicon.svg',
    200,
    'image/svg+xml',
  ]);
}

describe("the server's own pages, in headless Chromium", () => {
  it('the landing page has the look of the dashboard, links that answer and no console error', async () => {
    const { page, problems } = await open('/');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Course Management Service',
    );
    // The dashboard's stylesheet applied: its background colour and its header.
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(246, 247, 249)');
    await expect(page.locator('header.topbar .brand-mark').isVisible()).resolves.toBe(true);
    const links = await page
      .locator('main a')
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
    expect(links).toEqual(['/docs', '/dashboard/', '/api/openapi', '/healthz']);
    for (const href of links) {
      const answer = await fetch(new URL(href, server.url));
      await answer.arrayBuffer();
      expect([href, answer.status]).toEqual([href, 200]);
    }
    await expect(page.locator('main').textContent()).resolves.toContain('/mcp');
    await screenshot(page, 'landing');
    expect(problems).toEqual([]);
    await expectFavicon(page);
  });

  it('the API reference renders without a console error or CSP violation', { timeout: 90_000 }, async () => {
    const { page, problems } = await open('/docs');
    await page.getByText('List courses').first().waitFor({ timeout: 40_000 });
    // The renderer goes on laying out code examples after the operations appear.
    await settled(page);
    expect(problems).toEqual([]);
    await expectFavicon(page);
  });

  it('the dashboard loads without a console error or CSP violation', async () => {
    const { page, problems } = await open('/dashboard/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(problems).toEqual([]);
    await expectFavicon(page);
  });
});
