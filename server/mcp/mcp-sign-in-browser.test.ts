import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../test-support/chromium.ts';
import { type McpTestServer, startMcpTestServer } from '../test-support/mcp-test-server.ts';

let t: McpTestServer;
let browser: Browser;
let callbackServer: Server;
/** The first request the client's loopback callback received, once it has. */
let callbackReached: Promise<URL>;

beforeAll(async () => {
  t = await startMcpTestServer();
  browser = await launchChromium();
  let reached: (url: URL) => void = () => undefined;
  callbackReached = new Promise((resolve) => {
    reached = resolve;
  });
  // The MCP client's own loopback callback, on another port (so another origin) than the server.
  callbackServer = createServer((request, response) => {
    reached(new URL(request.url ?? '/', 'http://127.0.0.1'));
    response.end('signed in');
  });
  await new Promise<void>((resolve) => callbackServer.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await browser?.close();
  callbackServer?.close();
  await t?.close();
});

describe('the development sign-in form in Chromium', () => {
  it('reaches the client’s loopback callback on another origin with the code and the state', async () => {
    const { port } = callbackServer.address() as AddressInfo;
    const redirectUri = `http://127.0.0.1:${port}/callback`;
    const registered = await t.rest('POST', '/oauth/register', undefined, { redirect_uris: [redirectUri] });
    expect(registered.status).toBe(201);
    const authorize = new URL('/oauth/authorize', t.server.url);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: registered.body.client_id,
      redirect_uri: redirectUri,
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      state: 'state-from-the-client',
    }).toString();

    const page = await browser.newPage();
    await page.goto(authorize.href);
    await page.getByLabel('Subject').fill('olivia');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const callback = await Promise.race([
      callbackReached,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the callback was never reached')), 5000),
      ),
    ]);
    expect(callback.pathname).toBe('/callback');
    expect(callback.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(callback.searchParams.get('state')).toBe('state-from-the-client');
  });
});
