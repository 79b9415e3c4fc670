import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourseClient, RateLimitError } from '../sdk/index.ts';
import { type RunningServer, startServer } from '../server/index.ts';
import { launchChromium } from '../test-support/browser/chromium.ts';
import { screenshot, watchPage } from './browser.ts';
import { buildDashboard } from './build.ts';

let server: RunningServer;
let browser: Browser;
let page: Page;
let problems: string[];
const keys = { prod: '', test: '' };

beforeAll(async () => {
  await buildDashboard();
  server = await startServer({ env: { DATA_DIR: ':memory:', LOG_LEVEL: 'silent' } });
  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 760 }, colorScheme: 'light' });
  page = await context.newPage();
  problems = watchPage(page, [server.url]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const dialog = () => page.getByRole('dialog');
const testMode = () => page.getByRole('switch', { name: 'Test mode' });
const banner = () => page.getByRole('region', { name: 'Test mode' });
const keyRow = (name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
const idToken = () =>
  page.evaluate(
    () => JSON.parse(sessionStorage.getItem('course-service.dashboard.session') ?? '{}').idToken as string,
  );
const apiWith = (apiKey: string) => createCourseClient({ baseUrl: server.url, apiKey, maxRetries: 0 });

/** Creates a key through the dialog and returns its value, read from the one-time panel. */
async function createKey(name: string, environmentShown: string): Promise<string> {
  await page.getByRole('button', { name: 'Create API Key' }).click();
  expect(await dialog().getByText('Environment').textContent()).toBe(`Environment ${environmentShown}`);
  await dialog().getByLabel('Name').fill(name);
  await dialog().getByRole('button', { name: 'Create API Key' }).click();
  await dialog().getByText('Copy this key now. It will not be shown again.').waitFor();
  return dialog().getByLabel(`API key “${name}”`).inputValue();
}

describe('the dashboard’s Test mode switch', () => {
  it('starts in production, and creates production keys there', async () => {
    await page.goto(`${server.url}/dashboard/`);
    await page.getByLabel('Sign in as (subject)').fill('bob@example.com');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('No production API keys yet').waitFor();
    expect(await testMode().getAttribute('aria-checked')).toBe('false');
    expect(await banner().count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Reset test data…' }).count()).toBe(0);
    keys.prod = await createKey('Live backend', 'Production');
    expect(keys.prod).toMatch(/^cms_prod_[0-9A-Za-z]{32}$/);
    expect(await dialog().getByRole('heading').textContent()).toBe('API key created');
    await dialog().getByRole('button', { name: 'Done' }).click();
    expect(await keyRow('Live backend').getByRole('cell').nth(1).textContent()).toBe('Production');
  });

  it('turns on with the keyboard: a banner says so, and only test keys are listed and created', async () => {
    await testMode().focus();
    await page.keyboard.press('Space');
    expect(await testMode().getAttribute('aria-checked')).toBe('true');
    expect(await banner().textContent()).toContain('Test data: nothing here touches production.');
    await page.getByText('No test API keys yet').waitFor();
    expect(await keyRow('Live backend').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('environment')).toBe('test');
    expect(await page.title()).toBe('Test mode · API Keys · Course Service');

    keys.test = await createKey('Sandbox', 'Test');
    expect(keys.test).toMatch(/^cms_test_[0-9A-Za-z]{32}$/);
    expect(await dialog().getByRole('heading').textContent()).toBe('Test API key created');
    // The one-time panel marks the key: its label ends with the "Test" badge.
    expect(await dialog().getByLabel('API key “Sandbox” Test', { exact: true }).inputValue()).toBe(keys.test);
    await dialog().getByRole('button', { name: 'Done' }).click();
    const badge = keyRow('Sandbox').getByRole('cell').nth(1);
    expect(await badge.textContent()).toBe('Test');
    expect(await badge.locator('.badge-env-test').count()).toBe(1);
    await screenshot(page, 'api-keys-test');

    // The API agrees: each key is in the environment the switch showed it under.
    const account = createCourseClient({ baseUrl: server.url, idToken: await idToken() });
    const names = async (environment: 'prod' | 'test') =>
      (await account.apiKeys.listPage({ environment })).data.map((key) => key.name);
    expect(await names('test')).toEqual(['Sandbox']);
    expect(await names('prod')).toEqual(['Live backend']);
  });

  it('keeps the choice across a reload and the navigation links', async () => {
    await page.reload();
    await keyRow('Sandbox').waitFor();
    expect(await testMode().getAttribute('aria-checked')).toBe('true');
    expect(await banner().isVisible()).toBe(true);
    expect(await keyRow('Live backend').count()).toBe(0);
    await page.getByRole('link', { name: 'Courses' }).click();
    await page.getByRole('link', { name: 'Settings › API Keys' }).click();
    await keyRow('Sandbox').waitFor();
    expect(await testMode().getAttribute('aria-checked')).toBe('true');
  });

  it('marks a test key in the revoke dialog', async () => {
    await page.getByRole('button', { name: 'Revoke Sandbox' }).click();
    expect(await dialog().getByRole('heading').textContent()).toBe('Revoke “Sandbox”? Test');
    expect(await dialog().textContent()).toContain('Applications using the test key starting cms_test_');
    await page.keyboard.press('Escape');
    expect(await dialog().count()).toBe(0);
  });

  it('resets test data after a confirmation that says what goes, and production stays', async () => {
    const sandbox = apiWith(keys.test);
    const draft = await sandbox.courses.create({ name: 'Sandbox draft', description: 'A test course.' });
    const published = await sandbox.courses.create({ name: 'Sandbox live', description: 'A test course.' });
    await sandbox.courses.publish(published.id);
    const production = apiWith(keys.prod);
    const real = await production.courses.create({ name: 'Real course', description: 'Production.' });
    expect(draft.environment).toBe('test');
    expect(real.environment).toBe('prod');

    await page.getByRole('button', { name: 'Reset test data…' }).click();
    expect(await dialog().getByRole('heading').textContent()).toBe('Reset test data? Test');
    const text = await dialog().textContent();
    expect(text).toContain(
      'This permanently deletes every test course of the account bob@example.com: drafts, published and archived alike.',
    );
    expect(text).toContain('Production courses are not touched.');
    expect(text).toContain('API keys are kept, test and production: they go on working.');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await screenshot(page, 'reset-test-data');
    await dialog().getByRole('button', { name: 'Delete test courses' }).click();
    await dialog().getByText('2 test courses deleted.').waitFor();
    expect(await dialog().getByRole('heading').textContent()).toBe('Test data reset Test');
    await dialog().getByRole('button', { name: 'Done' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Test data reset: 2 test courses deleted.' })
      .waitFor({ state: 'attached' });

    expect((await sandbox.courses.listPage()).data).toEqual([]);
    expect((await production.courses.listPage()).data.map((course) => course.id)).toEqual([real.id]);
    expect((await production.courses.get(real.id)).name).toBe('Real course');
  });

  it('shows which environment the read-only courses view answers for', async () => {
    await apiWith(keys.test).courses.create({ name: 'Sandbox again', description: '' });
    await page.getByRole('link', { name: 'Courses' }).click();
    const keyField = page.getByLabel('API key with the courses:read scope');
    await keyField.fill(keys.test);
    await page.getByRole('button', { name: 'Show courses' }).click();
    await page.getByRole('rowheader', { name: 'Sandbox again' }).waitFor();
    expect(await banner().textContent()).toContain('These are the test courses of the key’s account');
    await screenshot(page, 'courses-test');
    await keyField.fill(keys.prod);
    await page.getByRole('button', { name: 'Show courses' }).click();
    await page.getByRole('rowheader', { name: 'Real course' }).waitFor();
    expect(await banner().count()).toBe(0);
    expect(await page.getByText('Production courses of the key’s account.').isVisible()).toBe(true);
    expect(await page.getByRole('rowheader', { name: 'Sandbox again' }).count()).toBe(0);
  });

  it('opens a Test mode link in Test mode, also through sign-in', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    // The last choice on this browser was production; the link says test, and wins.
    await page.evaluate(() => localStorage.setItem('course-service.dashboard.environment', 'prod'));
    await page.goto(`${server.url}/dashboard/settings/api-keys?environment=test`);
    await page.getByLabel('Sign in as (subject)').fill('bob@example.com');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await keyRow('Sandbox').waitFor();
    expect(await testMode().getAttribute('aria-checked')).toBe('true');
    expect(await banner().isVisible()).toBe(true);
  });

  it('marks a test key due for rotation and rolls it in test', async () => {
    await page.getByRole('link', { name: 'Settings › API Keys' }).click();
    await keyRow('Sandbox').waitFor();
    const later = Date.now() + 120 * 86_400_000;
    await page.clock.setFixedTime(later);
    await page.evaluate((expiresAt) => {
      const key = 'course-service.dashboard.session';
      const session = JSON.parse(sessionStorage.getItem(key) ?? '{}');
      sessionStorage.setItem(key, JSON.stringify({ ...session, expiresAt }));
    }, later + 3_600_000);
    await page.reload();
    await keyRow('Sandbox').getByText('Over 90 days old').waitFor();
    await page.getByRole('button', { name: 'Roll Sandbox' }).click();
    expect(await dialog().getByRole('heading').textContent()).toBe('Roll “Sandbox” Test');
    await dialog().getByRole('button', { name: 'Roll key' }).click();
    await dialog().getByText('Copy this key now. It will not be shown again.').waitFor();
    expect(await dialog().getByRole('heading').textContent()).toBe('Test API key rolled');
    expect(await dialog().locator('input.secret').inputValue()).toMatch(/^cms_test_/);
    await dialog().getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => keyRow('Sandbox').count()).toBe(2);
  });

  it('turns off again: production keys only, no banner, no reset', async () => {
    await testMode().click();
    await keyRow('Live backend').waitFor();
    expect(await testMode().getAttribute('aria-checked')).toBe('false');
    expect(await keyRow('Sandbox').count()).toBe(0);
    expect(await banner().count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Reset test data…' }).count()).toBe(0);
    expect(new URL(page.url()).search).toBe('');
  });

  it('shows an API error in the reset dialog, as the dashboard shows others', async () => {
    await testMode().click();
    await expect.poll(() => keyRow('Sandbox').count()).toBe(2);
    // Spend the account's key-management quota through the API, then ask for a reset.
    const account = createCourseClient({ baseUrl: server.url, idToken: await idToken(), maxRetries: 0 });
    let refused: unknown;
    for (let i = 0; i < 200 && !refused; i += 1) {
      refused = await account.apiKeys.listPage({ limit: 1 }).then(
        () => undefined,
        (error: unknown) => error,
      );
    }
    expect(refused).toBeInstanceOf(RateLimitError);
    await page.getByRole('button', { name: 'Reset test data…' }).click();
    await dialog().getByRole('button', { name: 'Delete test courses' }).click();
    const alert = dialog().getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(
      /Too many requests.*Rate limit of \d+ requests.*Wait \d+ seconds/,
    );
    expect(await dialog().getByRole('button', { name: 'Delete test courses' }).isEnabled()).toBe(true);
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    expect(problems).toEqual([]);
  });
});

/** Creates the prefilled replacement key in the open dialog and returns its value. */
