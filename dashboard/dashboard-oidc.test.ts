import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../server/index.ts';
import { launchChromium } from '../test-support/browser/chromium.ts';
import { screenshot, watchPage } from './browser.ts';
import { buildDashboard } from './build.ts';

const CLIENT_ID = 'course-dashboard';
let idp: Server;
let issuer: string;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  await buildDashboard();
  // The provider's issuer and the client's redirect URI each need the other's port: listen first,
  // then build the provider once both are known.
  let handler: RequestListener = (_req, res) => res.writeHead(503).end();
  idp = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
  server = await startServer({
    env: {
      DATA_DIR: ':memory:',
      LOG_LEVEL: 'silent',
      IDP_ISSUER: issuer,
      IDP_AUDIENCE: CLIENT_ID,
      IDP_JWKS_URL: `${issuer}/jwks`,
    },
  });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        token_endpoint_auth_method: 'none',
        redirect_uris: [`${server.url}/dashboard/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
  });
  handler = provider.callback();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await new Promise((resolve) => idp?.close(resolve));
});

describe('the web dashboard with an OpenID Connect provider', () => {
  it('serves the provider settings and allows only it besides itself in connect-src', async () => {
    const response = await fetch(`${server.url}/dashboard/config.json`);
    expect(await response.json()).toEqual({ mode: 'oidc', issuer, clientId: CLIENT_ID, scope: 'openid' });
    expect(response.headers.get('content-security-policy')).toContain(`connect-src 'self' ${issuer};`);
  });

  it('signs in with the authorization-code flow and PKCE, then manages keys with the ID token', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 760 } });
    // The provider's own sign-in page loads web fonts; the test stays offline.
    await context.route(/^https:/, (route) => route.abort());
    const page = await context.newPage();
    const dashboardProblems = watchPage(page, [server.url, issuer]);
    const authorizeUrls: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${issuer}/auth?`)) authorizeUrls.push(request.url());
    });
    await page.goto(`${server.url}/dashboard/settings/api-keys`);
    await page.getByRole('button', { name: 'Sign in with your identity provider' }).waitFor();
    await screenshot(page, 'sign-in-oidc');
    await page.getByRole('button', { name: 'Sign in with your identity provider' }).click();
    await page.locator('input[name="login"]').fill('bob@example.com');
    await page.locator('input[name="password"]').fill('any');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'API Keys', level: 1 }).waitFor();

    const authorize = new URL(authorizeUrls[0] ?? 'about:blank');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(page.url()).toBe(`${server.url}/dashboard/settings/api-keys`);
    expect(await page.getByText('bob@example.com').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Create API Key' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Nightly export');
    await page.getByRole('dialog').getByRole('button', { name: 'Create API Key' }).click();
    const key = await page.getByRole('dialog').getByLabel('API key “Nightly export”').inputValue();
    expect(key).toMatch(/^cms_prod_/);
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
    await page.getByRole('rowheader', { name: 'Nightly export' }).waitFor();
    expect(await page.evaluate(() => location.href)).not.toMatch(/code=|id_token/);
    expect(dashboardProblems).toEqual([]);
  });
});
