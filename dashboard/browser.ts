import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/**
 * Records what the dashboard must never do: requests from its pages (the first of `allowed` is its
 * origin) to origins other than `allowed`, CSP violations, and uncaught errors. Pages of other
 * origins, such as an identity provider's sign-in form, are not the dashboard's business.
 *
 * @example const problems = watchPage(page, [server.url]); …; expect(problems).toEqual([]);
 */
export function watchPage(page: Page, allowed: string[]): string[] {
  const origins = new Set(allowed.map((url) => new URL(url).origin));
  const problems: string[] = [];
  const home = new URL(allowed[0] ?? 'about:blank').origin;
  page.on('request', (request) => {
    const url = new URL(request.url());
    const from = request.isNavigationRequest() ? home : new URL(request.frame().url()).origin;
    if (from === home && url.protocol !== 'data:' && !origins.has(url.origin)) {
      problems.push(`third-party request: ${request.url()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text()))
      problems.push(`console: ${message.text()}`);
  });
  return problems;
}

/**
 * Saves a screenshot to `DASHBOARD_SCREENSHOTS` (e.g. `docs/screenshots`) when set; otherwise does
 * nothing, so ordinary test runs leave the working tree alone.
 *
 * @example await screenshot(page, 'api-keys');
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.DASHBOARD_SCREENSHOTS;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}
