// The contract suite checked from outside, as its users run it: the `course-contract` command
// against a real server over HTTP, sometimes through a proxy that breaks one promise.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../server/index.ts';

const CLI = new URL('./cli.ts', import.meta.url).pathname;
const AUTH_TESTS = 'authentication \\(401\\)';
/**
 * A failed-authentication limit smaller than the paced plan of the authentication tests, with a
 * short window, so the pacer must wait it out, for seconds.
 */
const TIGHT_LIMITS = { AUTH_FAILURE_LIMIT_MAX: '5', RATE_LIMIT_WINDOW_SECONDS: '2' };
/** Each test runs the suite's authentication tests in a child process. */
const RUN_TIMEOUT_MS = 180_000;

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

async function server(env: Record<string, string>): Promise<RunningServer> {
  const running = await startServer({ env });
  stops.push(() => running.close());
  return running;
}

/** A proxy to `upstream` that lets `rewrite` change each answer (status, headers, body text). */
async function proxy(
  upstream: string,
  rewrite: (answer: { status: number; headers: Headers; body: string }) => void,
): Promise<string> {
  const proxyServer: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string' && name !== 'host' && name !== 'connection') headers.set(name, value);
    }
    const reply = await fetch(`${upstream}${req.url}`, {
      method: req.method,
      headers,
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    });
    const answer = { status: reply.status, headers: new Headers(reply.headers), body: await reply.text() };
    rewrite(answer);
    answer.headers.delete('content-length');
    answer.headers.delete('content-encoding');
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => proxyServer.listen(0, '127.0.0.1', resolve));
  stops.push(() => new Promise((resolve) => proxyServer.close(() => resolve())));
  return `http://127.0.0.1:${(proxyServer.address() as AddressInfo).port}`;
}

/** Runs `course-contract` as a user would; resolves with its exit code and everything it printed. */
function runSuite(baseUrl: string, grep: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--base-url', baseUrl, '--grep', grep], {
    env: { ...process.env, CONTRACT_TARGET: '', CONTRACT_BASE_URL: '', CONTRACT_MAX_WAIT_SECONDS: '60' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

describe('the contract suite against a server as deployed', () => {
  it(
    "passes against a server's own failed-authentication limit by waiting out its window",
    async () => {
      const target = await server(TIGHT_LIMITS);
      const { code, output } = await runSuite(target.url, AUTH_TESTS);
      expect(output).toMatch(/failed-authentication limit reached \("auth-failures";q=5;w=2\); waiting \d s/);
      expect(code, output).toBe(0);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'fails when one 401 has a body that breaks the spec',
    async () => {
      const target = await server({ AUTH_FAILURE_LIMIT_MAX: '1000000' });
      let broken = 0;
      const url = await proxy(target.url, (answer) => {
        if (answer.status !== 401 || broken++ > 0) return;
        answer.body = JSON.stringify({ error: 'unauthorized' });
      });
      const { code, output } = await runSuite(url, AUTH_TESTS);
      expect(broken).toBeGreaterThan(1);
      expect(output).toContain('responses that break openapi.yaml');
      expect(code, output).toBe(1);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'fails, naming the header, when a 429 comes without Retry-After',
    async () => {
      const target = await server(TIGHT_LIMITS);
      let stripped = 0;
      const url = await proxy(target.url, (answer) => {
        if (answer.status === 429 && answer.headers.has('retry-after')) {
          answer.headers.delete('retry-after');
          stripped++;
        }
      });
      const { code, output } = await runSuite(url, AUTH_TESTS);
      expect(stripped).toBeGreaterThan(0);
      expect(output).toContain('without a usable Retry-After');
      expect(code, output).toBe(1);
    },
    RUN_TIMEOUT_MS,
  );
});
