// The packed SDK in a fresh project on the JavaScript runtimes besides Node: the README's quick start
// run against a real server in Chromium (bundled by esbuild), on Bun, on Deno (type-checked first),
// on edge-runtime and in workerd. Each runtime but Debian's Chromium is the binary of an npm package
// this repository pins: nothing is downloaded.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { EdgeRuntime } from 'edge-runtime';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../test-support/browser/chromium.ts';
import { install, packPackages, ROOT } from '../../test-support/packages/packed-packages.ts';
import {
  bundleQuickStart,
  expectQuickStartOutput,
  QUICK_START,
  runQuickStart,
} from '../../test-support/packages/sdk-quick-start.ts';
import { startCourseServer } from '../../test-support/sdk/servers.ts';

const packed = packPackages('@course-service/sdk');
const bin = (name: string) => join(ROOT, 'node_modules/.bin', name);

let dir: string;
let server: Awaited<ReturnType<typeof startCourseServer>>;
let browser: Browser;
beforeAll(async () => {
  dir = packed.project('sdk-runtimes', { 'quick-start.ts': QUICK_START });
  install(dir, [packed.tarball('@course-service/sdk')]);
  [server, browser] = await Promise.all([startCourseServer(), launchChromium()]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** What an edge function or a Worker answers: the lines the quick start logged, or the error. */
const HANDLER = `import { quickStart } from './quick-start.ts';
const answer = () => quickStart().then(
  (lines) => new Response(JSON.stringify(lines)),
  (error) => new Response(String(error?.stack ?? error), { status: 500 }),
);`;

/** The lines a handler answered, or a failure with what it sent instead. */
async function linesOf(response: Response): Promise<string[]> {
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text) as string[];
}

describe('the packed SDK on other runtimes', () => {
  it('runs the quick start, bundled by esbuild, in Chromium', async () => {
    const code = await bundleQuickStart(dir, "export { quickStart } from './quick-start.ts';", server.url, {
      format: 'iife',
      globalName: 'sdkEcosystem',
      platform: 'browser',
      minify: true,
    });
    const page = await browser.newPage();
    // The service answers no CORS preflight: a web application reaches it on its own origin (through
    // its reverse proxy). So the page is on the service's origin; Chromium answers it, not the service.
    const app = new URL('/app/', server.url);
    await page.route(app.href, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>app</title>' }),
    );
    await page.goto(app.href);
    await page.addScriptTag({ content: code });
    const lines = await page.evaluate(() =>
      (
        globalThis as unknown as { sdkEcosystem: { quickStart(): Promise<string[]> } }
      ).sdkEcosystem.quickStart(),
    );
    await page.close();
    expectQuickStartOutput(lines);
  });

  it('runs the quick start, TypeScript as saved, on Bun', async () => {
    const lines = await runQuickStart(
      bin('bun'),
      ['run', '--no-install', 'quick-start.ts'],
      dir,
      server.url,
      {
        DO_NOT_TRACK: '1',
      },
    );
    expectQuickStartOutput(lines);
  });

  it('type-checks the quick start with Deno 2, then runs it there (no client option reaches a Request)', async () => {
    // A Deno directory of its own: nothing cached from elsewhere, and --cached-only forbids fetching.
    const env = { DENO_DIR: join(packed.work, 'deno-dir'), DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' };
    await runQuickStart(bin('deno'), ['check', '--cached-only', 'quick-start.ts'], dir, server.url, env);
    const args = ['run', '--cached-only', '--allow-net', '--allow-env', 'quick-start.ts'];
    expectQuickStartOutput(await runQuickStart(bin('deno'), args, dir, server.url, env));
  });

  it('answers a fetch event with the quick start on edge-runtime (no process, no Node APIs)', async () => {
    const code = await bundleQuickStart(
      dir,
      `${HANDLER}\naddEventListener('fetch', (event: any) => event.respondWith(answer()));`,
      server.url,
      { format: 'iife', platform: 'neutral' },
    );
    const runtime = new EdgeRuntime({ initialCode: code });
    const response = await runtime.dispatchFetch('http://edge.test/');
    expectQuickStartOutput(await linesOf(response as unknown as Response));
    await response.waitUntil();
  });

  it('answers a request with the quick start in a workerd Worker (an ES module)', async () => {
    writeFileSync(
      join(dir, 'worker.js'),
      await bundleQuickStart(dir, `${HANDLER}\nexport default { fetch: answer };`, server.url, {
        format: 'esm',
        platform: 'neutral',
      }),
    );
    // The Worker reaches the loopback server through a network service that allows local addresses.
    writeFileSync(
      join(dir, 'config.capnp'),
      `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = (
      modules = [(name = "worker.js", esModule = embed "worker.js")],
      compatibilityDate = "2026-11-01",
      globalOutbound = "loopback",
    )),
    (name = "loopback", network = (allow = ["local"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:0", http = (), service = "main")],
);
`,
    );
    const workerd = spawn(bin('workerd'), ['serve', 'config.capnp', '--control-fd=3'], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    try {
      const port = await listeningPort(workerd);
      expectQuickStartOutput(await linesOf(await fetch(`http://127.0.0.1:${port}/`)));
    } finally {
      workerd.kill();
      await once(workerd, 'exit');
    }
  });
});

/** The port workerd reports on its control descriptor, or its standard error if it exits first. */
function listeningPort(workerd: ChildProcess): Promise<number> {
  let stderr = '';
  workerd.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    (workerd.stdio[3] as Readable).on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        const message = JSON.parse(line) as { event?: string; port?: number };
        if (message.event === 'listen' && message.port) resolve(message.port);
      }
    });
    workerd.once('exit', (code) => reject(new Error(`workerd exited ${code}: ${stderr}`)));
  });
}
