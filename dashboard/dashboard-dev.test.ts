import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthenticationError, createCourseClient } from '../sdk/index.ts';
import { type RunningServer, startServer } from '../server/index.ts';
import { launchChromium } from '../test-support/browser/chromium.ts';
import { screenshot, watchPage } from './browser.ts';
import { buildDashboard } from './build.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[];
let keyValue = '';

beforeAll(async () => {
  await buildDashboard();
  server = await startServer({ env: { DATA_DIR: ':memory:', LOG_LEVEL: 'silent' } });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 760 }, colorScheme: 'light' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  page = await context.newPage();
  problems = watchPage(page, [server.url]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const SESSION_KEY = 'course-service.dashboard.session';
const setSession = (changes: { idToken?: string; expiresAt?: number }) =>
  page.evaluate(
    ([key, changed]) =>
      sessionStorage.setItem(
        key,
        JSON.stringify({ ...JSON.parse(sessionStorage.getItem(key) ?? '{}'), ...changed }),
      ),
    [SESSION_KEY, changes] as const,
  );
const dialog = () => page.getByRole('dialog');
const keyRow = (name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });

describe('the web dashboard with the development identity provider', () => {
  it('is served with the security headers and signs a person in with the keyboard', async () => {
    const response = await page.goto(`${server.url}/dashboard/`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self';");
    expect(response?.headers()['x-frame-options']).toBe('DENY');
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in' }).isVisible()).toBe(true);
    await screenshot(page, 'sign-in');
    await page.getByLabel('Sign in as (subject)').focus();
    await page.keyboard.type('alice@example.com');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'API Keys', level: 1 }).waitFor();
    expect(page.url()).toBe(`${server.url}/dashboard/settings/api-keys`);
    await page.getByText('No production API keys yet').waitFor();
    expect(await page.getByText('alice@example.com').isVisible()).toBe(true);
  });

  it('creates a key and shows its value exactly once, with a copy button and a warning', async () => {
    await page.getByRole('button', { name: 'Create API Key' }).click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    await dialog().getByLabel('Name').fill('CI pipeline');
    await screenshot(page, 'create-key');
    await dialog().getByRole('button', { name: 'Create API Key' }).click();
    await dialog().getByText('Copy this key now. It will not be shown again.').waitFor();
    keyValue = await dialog().getByLabel('API key “CI pipeline”').inputValue();
    expect(keyValue).toMatch(/^cms_prod_[0-9A-Za-z]{32}$/);
    await screenshot(page, 'key-created');
    await dialog().getByRole('button', { name: 'Copy' }).click();
    await dialog().getByText('Copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(keyValue);
    await dialog().getByRole('button', { name: 'Done' }).click();
    await keyRow('CI pipeline').waitFor();
    expect(await dialog().count()).toBe(0);
  });

  it('gives a key the test can use against the API, listed without its value', async () => {
    const api = createCourseClient({ baseUrl: server.url, apiKey: keyValue });
    const course = await api.courses.create({ name: 'Databases', description: 'SQL and transactions.' });
    expect(course.status).toBe('draft');
    const row = keyRow('CI pipeline');
    expect(await row.getByRole('cell').first().textContent()).toBe(`${keyValue.slice(0, 13)}…`);
    expect(await row.textContent()).toContain('courses:read');
    expect(await row.textContent()).toContain('Active');
    expect(await page.content()).not.toContain(keyValue);
    const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }));
    expect(stored).not.toContain(keyValue);
    await screenshot(page, 'api-keys');
  });

  it('shows the courses read-only with an API key, and the API error for a wrong one', async () => {
    await page.getByRole('link', { name: 'Courses' }).click();
    const keyField = page.getByLabel('API key with the courses:read scope');
    await keyField.fill('cms_prod_000000000000000000000000000000AA');
    await page.getByRole('button', { name: 'Show courses' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/Not authorised.*Check the credential/);
    await keyField.fill(keyValue);
    await page.getByRole('button', { name: 'Show courses' }).click();
    await page.getByRole('rowheader', { name: 'Databases' }).waitFor();
    await screenshot(page, 'courses');
  });

  it('revokes a key after confirmation, after which the API refuses it', async () => {
    await page.getByRole('link', { name: 'Settings › API Keys' }).click();
    await page.getByRole('button', { name: 'Revoke CI pipeline' }).click();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await screenshot(page, 'revoke-key');
    await dialog().getByRole('button', { name: 'Revoke key' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'API key “CI pipeline” revoked.' })
      .waitFor({ state: 'attached' });
    await keyRow('CI pipeline').getByText('Revoked', { exact: true }).waitFor();
    const api = createCourseClient({ baseUrl: server.url, apiKey: keyValue, maxRetries: 0 });
    const refused = await api.courses.listPage().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AuthenticationError);
    expect((refused as AuthenticationError).code).toBe('api_key_revoked');
  });

  it('marks keys older than 90 days and offers to roll them', async () => {
    await page.getByRole('button', { name: 'Create API Key' }).click();
    await dialog().getByLabel('Name').fill('Production backend');
    await dialog()
      .getByRole('checkbox', { name: /courses:write/ })
      .uncheck();
    await dialog().getByRole('button', { name: 'Create API Key' }).click();
    await dialog().getByRole('button', { name: 'Done' }).click();
    // The browser's clock moves 120 days on; the session's own expiry moves with it, so only the
    // keys' age changes (the server still accepts the real, unexpired token).
    const later = Date.now() + 120 * 86_400_000;
    await page.clock.setFixedTime(later);
    await setSession({ expiresAt: later + 3_600_000 });
    await page.getByRole('link', { name: 'Settings › API Keys' }).click();
    await keyRow('Production backend').getByText('Over 90 days old').waitFor();
    await page.getByRole('button', { name: 'Roll Production backend' }).click();
    expect(await dialog().textContent()).toContain(
      'This key is 120 days old; rolling every 90 days is recommended.',
    );
    await screenshot(page, 'rotate-key');
    await page.keyboard.press('Escape');
    expect(await dialog().count()).toBe(0);
  });

  it('sends a person whose ID token the API refuses back to sign-in, saying why', async () => {
    const idToken = await page.evaluate(
      (key) => JSON.parse(sessionStorage.getItem(key) ?? '{}').idToken as string,
      SESSION_KEY,
    );
    await setSession({ idToken: `${idToken.slice(0, -4)}AAAA` });
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    const alert = page.getByRole('alert');
    expect(await alert.textContent()).toContain('Your session has ended: The ID token is not valid');
  });

  it('sends a person whose ID token has expired back to sign-in', async () => {
    // A fresh context: the previous one's clock is 120 days ahead.
    page = await (await browser.newContext()).newPage();
    const freshProblems = watchPage(page, [server.url]);
    await page.goto(`${server.url}/dashboard/`);
    await page.getByLabel('Sign in as (subject)').fill('alice@example.com');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'API Keys', level: 1 }).waitFor();
    await setSession({ expiresAt: Date.now() - 1000 });
    await page.getByRole('link', { name: 'Courses' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toBe(
      'Your session has expired. Sign in again to continue.',
    );
    expect([...problems, ...freshProblems]).toEqual([]);
  });
});
