import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type BuildOptions, build } from 'esbuild';
import { type Browser, chromium } from 'playwright-core';

// Debian's chromium, installed by .ci/run; never downloaded. Missing it is a failure, not a skip.
const CHROMIUM = '/usr/bin/chromium';
const WORKER = new URL('../../node_modules/msw/lib/mockServiceWorker.js', import.meta.url);

/** A page served from loopback beside msw's service worker, and the Chromium that opens it. */
export interface ServiceWorkerPage {
  origin: string;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * Bundles `page` (esbuild options: an entry point or `stdin`, and how to bundle it, which for code
 * on the mocks is the mocks' own build's `browserBundleOptions` of scripts/browser-bundle.ts), serves
 * it as `/page.js` under a blank page beside `/mockServiceWorker.js` on a loopback port, and
 * launches headless Chromium, for tests of the mocks in a real service worker.
 *
 * @example const page = await serveServiceWorkerPage({ ...browserBundleOptions, entryPoints: ['page.ts'] });
 */
export async function serveServiceWorkerPage(page: BuildOptions): Promise<ServiceWorkerPage> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`The browser tests need Chromium at ${CHROMIUM}: apt-get install -y chromium.`);
  }
  const bundle = await build({ ...page, write: false });
  const files: Record<string, [string, string]> = {
    '/': ['text/html', '<!doctype html><title>mocks</title><script type="module" src="/page.js"></script>'],
    '/page.js': ['text/javascript', bundle.outputFiles[0]?.text ?? ''],
    '/mockServiceWorker.js': ['text/javascript', readFileSync(WORKER, 'utf8')],
  };
  const server = createServer((req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://x').pathname];
    if (!file) return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': file[0], 'Cache-Control': 'no-store' }).end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    browser,
    async close() {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
