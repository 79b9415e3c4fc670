import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserBundleOptions } from '../scripts/browser-bundle.ts';

// Debian's chromium, installed by .ci/run; never downloaded. Missing it is a failure, not a skip.
const CHROMIUM = '/usr/bin/chromium';
const WORKER = new URL('../node_modules/msw/lib/mockServiceWorker.js', import.meta.url);

let server: Server;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `The browser test needs Chromium at ${CHROMIUM}: install Debian's package (apt-get install -y chromium).`,
    );
  }
  const bundle = await build({
    entryPoints: [new URL('./test-support/browser-page.ts', import.meta.url).pathname],
    ...browserBundleOptions,
    write: false,
  });
  const files: Record<string, [string, string]> = {
    '/': ['text/html', '<!doctype html><title>mocks</title><script type="module" src="/page.js"></script>'],
    '/page.js': ['text/javascript', bundle.outputFiles[0]?.text ?? ''],
    '/mockServiceWorker.js': ['text/javascript', readFileSync(WORKER, 'utf8')],
  };
  server = createServer((req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://x').pathname];
    if (!file) return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': file[0], 'Cache-Control': 'no-store' }).end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('the mocks in a browser (msw service worker, headless Chromium)', () => {
  it('answer the SDK on the page with the mocked, stateful service', async () => {
    const page = await browser.newPage();
    await page.goto(origin);
    const handle = await page.waitForFunction(
      () => (window as { mockResult?: unknown }).mockResult,
      undefined,
      { timeout: 15_000 },
    );
    expect(await handle.jsonValue()).toEqual({
      names: ['Made in Chromium', 'Seeded in the browser'],
      status: 'published',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      invalid: 'validation_failed',
    });
  });
});
