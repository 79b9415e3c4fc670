import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../test-support/browser/chromium.ts';
import { type McpTestServer, startMcpTestServer } from '../../test-support/server/mcp-test-server.ts';

let t: McpTestServer;
let browser: Browser;
let callbackServer: Server;
/** A page on an origin the MCP endpoint does not accept (127.0.0.2 is loopback, but not a loopback name). */
let strangerServer: Server;
/** The first request the client's loopback callback received, once it has. */
let callbackReached: Promise<URL>;

beforeAll(async () => {
  t = await startMcpTestServer();
  browser = await launchChromium();
  let reached: (url: URL) => void = () => undefined;
  callbackReached = new Promise((resolve) => {
    reached = resolve;
  });
  // The MCP client's own loopback callback, on another port (so another origin) than the server;
  // its pages are where a browser MCP client runs.
  callbackServer = createServer((request, response) => {
    reached(new URL(request.url ?? '/', 'http://127.0.0.1'));
    response.setHeader('Content-Type', 'text/html');
    response.end('<!doctype html><title>client</title>signed in');
  });
  await new Promise<void>((resolve) => callbackServer.listen(0, '127.0.0.1', resolve));
  strangerServer = createServer((_, response) => {
    response.setHeader('Content-Type', 'text/html');
    response.end('<!doctype html><title>stranger</title>');
  });
  await new Promise<void>((resolve) => strangerServer.listen(0, '127.0.0.2', resolve));
});

afterAll(async () => {
  await browser?.close();
  callbackServer?.close();
  strangerServer?.close();
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
        setTimeout(() => reject(new Error('the callback was never reached')), 20_000),
      ),
    ]);
    expect(callback.pathname).toBe('/callback');
    expect(callback.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(callback.searchParams.get('state')).toBe('state-from-the-client');
  });
});

/** What a page's `fetch` got: the status, the headers it may read and the JSON, or the error. */
interface Fetched {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  error?: string;
}

/** Runs `fetch(url, init)` in `page`, as the page's own script would. */
function fetchIn(page: Page, url: string, init: RequestInit): Promise<Fetched> {
  return page.evaluate(
    async ([target, options]) => {
      try {
        const response = await fetch(target, options);
        const text = await response.text();
        return {
          status: response.status,
          headers: Object.fromEntries(response.headers),
          body: text === '' ? undefined : JSON.parse(text),
        };
      } catch (error) {
        return { error: String(error) };
      }
    },
    [url, init] as const,
  );
}

describe('a browser MCP client on its own origin, in Chromium', () => {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'page', version: '1' } },
  };
  const mcpCall = (bearer?: string): RequestInit => ({
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      ...(bearer && { Authorization: `Bearer ${bearer}` }),
    },
    body: JSON.stringify(initialize),
  });

  it('registers, signs in, redeems its code and calls /mcp with the token, reading each answer', async () => {
    const { port } = callbackServer.address() as AddressInfo;
    const redirectUri = `http://127.0.0.1:${port}/callback`;
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/app`);

    const challenged = await fetchIn(page, t.mcpUrl.href, mcpCall());
    expect(challenged.status).toBe(401);
    expect(challenged.headers?.['www-authenticate']).toMatch(/resource_metadata="/);

    const registered = await fetchIn(page, `${t.server.url}/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ redirect_uris: [redirectUri], client_name: 'Browser client' }),
    });
    expect(registered.status).toBe(201);
    const clientId = (registered.body as { client_id: string }).client_id;

    const authorize = new URL('/oauth/authorize', t.server.url);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: redirectUri,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).toString();
    await page.goto(authorize.href);
    await page.getByLabel('Subject').fill('pia');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/callback\?/);
    const code = new URL(page.url()).searchParams.get('code') ?? '';

    const token = await fetchIn(page, `${t.server.url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        client_id: clientId,
        redirect_uri: redirectUri,
        code_verifier: verifier,
      }).toString(),
    });
    expect(token.status).toBe(200);
    const accessToken = (token.body as { access_token: string }).access_token;

    // The MCP SDK opens a stream with GET after initializing; the page can read that it is refused.
    const stream = await fetchIn(page, t.mcpUrl.href, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    expect(stream.status).toBe(405);
    const called = await fetchIn(page, t.mcpUrl.href, mcpCall(accessToken));
    expect(called.status).toBe(200);
    expect(called.body).toMatchObject({ result: { serverInfo: { name: 'course-service' } } });
    expect(called.headers?.['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    await page.close();
  });

  it('cannot call /mcp from an origin the endpoint does not accept', async () => {
    const { port } = strangerServer.address() as AddressInfo;
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.2:${port}/`);
    const refused = await fetchIn(page, t.mcpUrl.href, mcpCall('any-credential'));
    expect(refused.error).toMatch(/Failed to fetch/);
    await page.close();
  });
});
