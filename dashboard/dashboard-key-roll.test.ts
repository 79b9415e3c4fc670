import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthenticationError, createCourseClient } from '../sdk/index.ts';
import { type RunningServer, startServer } from '../server/index.ts';
import { launchChromium } from '../test-support/browser/chromium.ts';
import { screenshot, watchPage } from './browser.ts';
import { buildDashboard } from './build.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  await buildDashboard();
  server = await startServer({ env: { DATA_DIR: ':memory:', LOG_LEVEL: 'silent' } });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A page of its own at `width` × `height`, signed in as `subject` on the API Keys page. */
async function signedIn(
  subject: string,
  width: number,
  height: number,
): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width, height }, colorScheme: 'light' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const page = await context.newPage();
  const problems = watchPage(page, [server.url]);
  await page.goto(`${server.url}/dashboard/`);
  await page.getByLabel('Sign in as (subject)').fill(subject);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'API Keys', level: 1 }).waitFor();
  return { page, problems };
}

/** Creates a key through the dialog and returns its value. */
async function createKey(page: Page, name: string): Promise<string> {
  await page.getByRole('button', { name: 'Create API Key' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill(name);
  await page.getByRole('dialog').getByRole('button', { name: 'Create API Key' }).click();
  const value = await page.getByRole('dialog').getByLabel(`API key “${name}”`).inputValue();
  await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
  return value;
}

const rowOf = (page: Page, id: string) => page.locator(`tr[data-key-id="${id}"]`);

describe('rolling a key in the dashboard', () => {
  it('rolls with a chosen grace window in one step, shows the new key once, and counts the old one down', async () => {
    const { page, problems } = await signedIn('roller@example.com', 1280, 760);
    const oldValue = await createKey(page, 'Worker');
    await page.getByRole('button', { name: 'Roll Worker' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Old key keeps working for').inputValue()).toBe('86400');
    await dialog.getByLabel('Old key keeps working for').selectOption({ label: '1 hour' });
    await screenshot(page, 'roll-key');
    await dialog.getByRole('button', { name: 'Roll key' }).click();
    await dialog.getByText('Copy this key now. It will not be shown again.').waitFor();
    const newValue = await dialog.getByLabel('API key “Worker”').inputValue();
    expect(newValue).toMatch(/^cms_prod_[0-9A-Za-z]{32}$/);
    expect(newValue).not.toBe(oldValue);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'API key “Worker” rolled' })
      .waitFor({ state: 'attached' });

    // Both keys work during the window; the old row says so and counts down, with no Roll button.
    for (const apiKey of [oldValue, newValue]) {
      const api = createCourseClient({ baseUrl: server.url, apiKey, maxRetries: 0 });
      expect((await api.courses.listPage()).data).toEqual([]);
    }
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    const oldId = (await rows.nth(1).getAttribute('data-key-id')) ?? '';
    const oldRow = rowOf(page, oldId);
    expect(await oldRow.getByText('Rolled', { exact: true }).isVisible()).toBe(true);
    expect(await oldRow.locator('.countdown').textContent()).toMatch(/^Expires in (59 min|1 h 0 min)$/);
    expect(await oldRow.getByRole('button', { name: 'Roll Worker' }).count()).toBe(0);
    expect(await rows.nth(0).getByRole('button', { name: 'Roll Worker' }).isVisible()).toBe(true);
    expect(await page.content()).not.toContain(newValue);
    await screenshot(page, 'key-rolled');
    expect(problems).toEqual([]);
  });

  it('stops a leaked key at once when rolled with “Stop it now”', async () => {
    const { page, problems } = await signedIn('leaker@example.com', 1280, 760);
    const leaked = await createKey(page, 'Leaked');
    await page.getByRole('button', { name: 'Roll Leaked' }).click();
    await page.getByRole('dialog').getByLabel('Old key keeps working for').selectOption('0');
    await page.getByRole('dialog').getByRole('button', { name: 'Roll key' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
    const api = createCourseClient({ baseUrl: server.url, apiKey: leaked, maxRetries: 0 });
    const refused = await api.courses.listPage().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AuthenticationError);
    expect((refused as AuthenticationError).code).toBe('api_key_expired');
    await page.locator('tbody tr').nth(1).getByText('Expired', { exact: true }).waitFor();
    expect(problems).toEqual([]);
  });

  it('shows a key’s page: its facts, usage chart and history, linked to the key it was rolled to, on a phone too', async () => {
    const { page, problems } = await signedIn('historian@example.com', 390, 844);
    const value = await createKey(page, 'Audited');
    const api = createCourseClient({ baseUrl: server.url, apiKey: value, maxRetries: 0 });
    await api.courses.listPage();
    await api.courses.listPage();
    await api.courses.get('crs_0000000000000000').catch(() => undefined);
    await page.getByRole('button', { name: 'Roll Audited' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Roll key' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
    const newId = (await page.locator('tbody tr').nth(0).getAttribute('data-key-id')) ?? '';
    await page.locator('tbody tr').nth(1).getByRole('link', { name: 'Audited' }).click();
    await page.getByRole('heading', { name: 'Audited', level: 1 }).waitFor();
    const history = page.getByRole('table', { name: 'What happened to the key, newest first' });
    await history.waitFor();
    const rows = history.locator('tbody tr');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toContain(`Rolled: replaced by ${newId}`);
    expect(await rows.nth(0).textContent()).toContain('historian@example.com');
    expect(await rows.nth(1).textContent()).toContain('Created');
    expect(
      await page.getByText('Expires in 23 h 59 min').or(page.getByText('Expires in 1 day 0 h')).count(),
    ).toBe(1);
    // Usage: the chart says it in words too (its label, each bar's title, the table behind it).
    const chart = page.getByRole('img', { name: /^Requests per day: 3 in 14 days$/ });
    expect(await chart.count()).toBe(1);
    expect(await page.locator('.usage-days').textContent()).toContain('2 Succeeded, 1 Other 4xx');
    expect(await page.locator('.last-used-from').textContent()).toMatch(/^Last used from \S*127\.0\.0\.1/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'key-history-phone');
    await chart.scrollIntoViewIfNeeded();
    await screenshot(page, 'key-usage-phone');
    await rows.nth(0).getByRole('link', { name: newId }).click();
    await page.getByRole('heading', { name: 'Audited', level: 1 }).waitFor();
    await expect.poll(() => page.url()).toBe(`${server.url}/dashboard/settings/api-keys/${newId}`);
    await history.locator('tbody tr').first().getByText('Created by rolling').waitFor();
    expect(problems).toEqual([]);
  });

  it('fits a phone (390 px): each key is a card, and its Roll and Revoke buttons are on screen', async () => {
    const { page, problems } = await signedIn('phone@example.com', 390, 844);
    await createKey(page, 'Phone app');
    const row = page.locator('tbody tr').first();
    await row.waitFor();
    // Nothing runs off the right edge: neither the page nor the table scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const overflow = await page
      .locator('.table-wrap')
      .evaluate((wrap) => wrap.scrollWidth - wrap.clientWidth);
    expect(overflow).toBe(0);
    for (const name of ['Roll Phone app', 'Revoke Phone app']) {
      const box = await row.getByRole('button', { name }).boundingBox();
      expect(box).not.toBeNull();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true);
    }
    expect(await row.locator('td[data-label="Status"]').textContent()).toContain('Active');
    await screenshot(page, 'api-keys-phone');
    await row.getByRole('button', { name: 'Revoke Phone app' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
    await row.getByText('Revoked', { exact: true }).waitFor();
    expect(problems).toEqual([]);
  });
});
