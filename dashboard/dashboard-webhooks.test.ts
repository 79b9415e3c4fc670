import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourseClient } from '../sdk/index.ts';
import { type RunningServer, startServer } from '../server/index.ts';
import { launchChromium } from '../test-support/browser/chromium.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../test-support/server/webhook-receiver.ts';
import { screenshot, watchPage } from './browser.ts';
import { buildDashboard } from './build.ts';

let server: RunningServer;
let receiver: WebhookReceiver;
let receiverUrl: string;
let browser: Browser;
let page: Page;
let problems: string[];
let hookKey = '';
let courseKey = '';
let firstSecret = '';

beforeAll(async () => {
  await buildDashboard();
  receiver = await startWebhookReceiver();
  receiverUrl = receiver.url;
  server = await startServer({
    env: { DATA_DIR: ':memory:', LOG_LEVEL: 'silent', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' },
  });
  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
  problems = watchPage(page, [server.url]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await receiver?.close();
});

const dialog = () => page.getByRole('dialog');
const endpointRow = () =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader').filter({ hasText: receiverUrl }) });
const deliveryRows = () =>
  page
    .getByRole('table', { name: 'Deliveries' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') });

// The first six cells of a delivery row: status, attempts, response, duration, error, next retry.
const cells = async (row: Locator) => (await row.getByRole('cell').allTextContents()).slice(0, 6);

/** Creates a key through the API keys page, with webhooks:write or without, and returns its value. */
async function createKey(name: string, webhooks: boolean): Promise<string> {
  await page.getByRole('link', { name: 'Settings › API Keys' }).click();
  await page.getByRole('button', { name: 'Create API Key' }).click();
  await dialog().getByLabel('Name').fill(name);
  if (webhooks)
    await dialog()
      .getByRole('checkbox', { name: /webhooks:write/ })
      .check();
  await dialog().getByRole('button', { name: 'Create API Key' }).click();
  const value = await dialog().getByLabel(`API key “${name}”`).inputValue();
  await dialog().getByRole('button', { name: 'Done' }).click();
  return value;
}

async function showEndpoints(apiKey: string): Promise<void> {
  await page.getByLabel('API key with the webhooks:write scope').fill(apiKey);
  await page.getByRole('button', { name: 'Show endpoints' }).click();
}

describe('the dashboard’s Webhooks page, against the real server and a loopback receiver', () => {
  it('asks for a key with webhooks:write and says so when a key lacks it', async () => {
    // A link to the page survives signing in.
    await page.goto(`${server.url}/dashboard/webhooks`);
    await page.getByLabel('Sign in as (subject)').fill('carol@example.com');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    expect(await page.title()).toBe('Webhooks · Course Service');
    courseKey = await createKey('Courses only', false);
    hookKey = await createKey('Webhook manager', true);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    expect(page.url()).toBe(`${server.url}/dashboard/webhooks`);
    await showEndpoints(courseKey);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Permission denied');
    expect(await alert.textContent()).toContain('webhooks:write');
    await showEndpoints(hookKey);
    await page.getByText('No webhook endpoints yet').waitFor();
    expect(await page.locator('.env-line').textContent()).toContain('Production endpoints');
  });

  it('adds an endpoint with the keyboard and shows its signing secret once, with a copy button', async () => {
    await page.getByRole('button', { name: 'Add endpoint' }).focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('url');
    await page.keyboard.type(receiverUrl);
    await dialog().getByLabel('Description (optional)').fill('Loopback receiver');
    // "All event types" is ticked, so the single types are not choosable until it is unticked.
    expect(
      await dialog()
        .getByRole('checkbox', { name: /course\.created/ })
        .isDisabled(),
    ).toBe(true);
    await dialog()
      .getByRole('checkbox', { name: /All event types/ })
      .uncheck();
    await dialog().getByRole('button', { name: 'Add endpoint' }).click();
    expect(await dialog().getByText('Choose at least one event type, or all.').isVisible()).toBe(true);
    await dialog()
      .getByRole('checkbox', { name: /All event types/ })
      .check();
    await dialog().getByRole('button', { name: 'Add endpoint' }).click();
    await dialog().getByText('Copy this signing secret now. It will not be shown again.').waitFor();
    firstSecret = await dialog().getByLabel('Signing secret').inputValue();
    expect(firstSecret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    await screenshot(page, 'webhook-secret');
    await dialog().getByRole('button', { name: 'Copy' }).click();
    await dialog().getByText('Copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstSecret);
    await dialog().getByRole('button', { name: 'Done' }).click();
    await endpointRow().waitFor();
    expect(await dialog().count()).toBe(0);
    expect(await endpointRow().textContent()).toContain(`${firstSecret.slice(0, 10)}…`);
    expect(await endpointRow().textContent()).toContain('All event types');
    expect(await page.content()).not.toContain(firstSecret);
  });

  it('disables the endpoint, saying why in words, and enables it again', async () => {
    await page.getByRole('button', { name: `Disable ${receiverUrl}` }).click();
    await endpointRow().getByText('Disabled by hand').waitFor();
    // The focus stays on the row's toggle, which now enables.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      `Enable ${receiverUrl}`,
    );
    expect(await page.getByRole('button', { name: `Send test event ${receiverUrl}` }).count()).toBe(0);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: `Disable ${receiverUrl}` }).waitFor();
    expect(await endpointRow().textContent()).toContain('Enabled');
  });

  it('sends a test event, which the receiver gets signed, and shows it in the delivery log', async () => {
    await page.getByRole('button', { name: `Send test event ${receiverUrl}` }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Test event queued for ${receiverUrl}` })
      .waitFor({ state: 'attached' });
    const first = deliveryRows().first();
    await first.waitFor();
    expect(await deliveryRows().count()).toBe(1);
    const eventId = (await first.locator('.event-id').textContent()) ?? '';
    expect(await first.getByRole('rowheader').textContent()).toBe(`webhook.test${eventId}`);
    // The delivery worker posts it at once; Refresh shows the outcome.
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        return first.getByRole('cell').first().textContent();
      })
      .toBe('succeeded');
    expect(await cells(first)).toEqual([
      'succeeded',
      '1',
      '200',
      expect.stringMatching(/^\d+ ms$/),
      '—',
      '—',
    ]);
    expect(receiver.received).toHaveLength(1);
    const delivered = receiver.received[0] as (typeof receiver.received)[number];
    expect(delivered.headers['webhook-id']).toBe(eventId);
    // Signed with the secret the dashboard showed once, as a Standard Webhooks receiver checks it.
    expect(receiver.verify(delivered, firstSecret)).toMatchObject({
      id: eventId,
      type: 'webhook.test',
      environment: 'prod',
    });
    await screenshot(page, 'webhooks');
    await page.setViewportSize({ width: 390, height: 844 });
    // On a phone each endpoint is a card, its buttons within the screen's width.
    const box = await page.getByRole('button', { name: `Delete… ${receiverUrl}` }).boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(390);
    await screenshot(page, 'webhooks-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('redelivers an event as a new delivery of the same event', async () => {
    const eventId = (await deliveryRows().first().locator('.event-id').textContent()) ?? '';
    await page.getByRole('button', { name: `Redeliver webhook.test ${eventId}` }).click();
    await expect.poll(() => deliveryRows().count()).toBe(2);
    const ids = await deliveryRows().locator('.event-id').allTextContents();
    expect(ids).toEqual([eventId, eventId]);
    await expect.poll(() => receiver.received.length).toBe(2);
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([eventId, eventId]);
  });

  it('shows the API’s conflict when the endpoint was disabled elsewhere meanwhile', async () => {
    const endpointId = await endpointRow().getAttribute('data-endpoint-id');
    const setEnabled = (enabled: boolean) =>
      fetch(`${server.url}/api/v1/webhook-endpoints/${endpointId}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${hookKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ enabled }),
      });
    expect((await setEnabled(false)).status).toBe(200);
    await deliveryRows()
      .first()
      .getByRole('button', { name: /^Redeliver/ })
      .click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/Not possible in its current state.*disabled.*reload it/);
    expect((await setEnabled(true)).status).toBe(200);
  });

  it('shows in words that the service disabled an endpoint that answered 410 Gone', async () => {
    receiver.answer(410);
    await page.getByRole('button', { name: `Send test event ${receiverUrl}` }).click();
    await expect.poll(() => receiver.received.length).toBe(3);
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        return cells(deliveryRows().first());
      })
      .toEqual(['failed', '1', '410', expect.stringMatching(/^\d+ ms$/), '—', '—']);
    // The list is reloaded with the key, as a person would after seeing the failure.
    await showEndpoints(hookKey);
    await endpointRow().getByText('Disabled by the service: the endpoint answered 410 Gone.').waitFor();
    expect(await page.getByRole('button', { name: `Send test event ${receiverUrl}` }).count()).toBe(0);
    await page.getByRole('button', { name: `Deliveries ${receiverUrl}` }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('deliveries-title');
    await page
      .getByText('This endpoint is disabled: nothing is sent or redelivered until it is enabled.')
      .waitFor();
    expect(await page.getByRole('button', { name: /^Redeliver/ }).count()).toBe(0);
    receiver.answer(200);
    await page.getByRole('button', { name: `Enable ${receiverUrl}` }).click();
    await page.getByRole('button', { name: `Disable ${receiverUrl}` }).waitFor();
  });

  it('shows the sandbox’s own endpoints with a test key, under the Test mode banner', async () => {
    const idToken = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('course-service.dashboard.session') ?? '{}').idToken as string,
    );
    const keys = createCourseClient({ baseUrl: server.url, idToken, maxRetries: 0 });
    const testKey = await keys.apiKeys.create({
      name: 'Sandbox hooks',
      environment: 'test',
      scopes: ['webhooks:write'],
    });
    await showEndpoints(testKey.key);
    await page.getByText('No test webhook endpoints yet').waitFor();
    expect(await page.getByRole('region', { name: 'Test mode' }).textContent()).toContain(
      'Test data: nothing here touches production.',
    );
    expect(await page.title()).toBe('Test mode · Webhooks · Course Service');
    expect(await page.getByRole('heading', { name: 'Deliveries' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    expect(await dialog().getByRole('heading').textContent()).toBe('Add endpoint Test');
    await page.keyboard.press('Escape');
    await showEndpoints(hookKey);
    await endpointRow().waitFor();
    expect(await page.getByRole('region', { name: 'Test mode' }).count()).toBe(0);
  });

  it('rotates the signing secret, shown once, and deletes the endpoint after confirmation', async () => {
    await page.getByRole('button', { name: `Rotate secret… ${receiverUrl}` }).click();
    expect(await dialog().getByLabel('Old secret keeps signing for').inputValue()).toBe('86400');
    await dialog().getByRole('button', { name: 'Rotate secret' }).click();
    await dialog().getByText('Copy this signing secret now. It will not be shown again.').waitFor();
    const secret = await dialog().getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(secret).not.toBe(firstSecret);
    await dialog().getByRole('button', { name: 'Done' }).click();
    await endpointRow()
      .getByText(`${secret.slice(0, 10)}…`)
      .waitFor();

    await page.getByRole('button', { name: `Delete… ${receiverUrl}` }).click();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await dialog().getByRole('button', { name: 'Delete endpoint' }).click();
    await page.getByText('No webhook endpoints yet').waitFor();
    expect(await page.getByRole('heading', { name: 'Deliveries' }).count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
