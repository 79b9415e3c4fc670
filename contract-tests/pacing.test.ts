// The contract suite checked from outside, as its users run it: the `course-contract` command
// against a real server over HTTP, sometimes through a proxy that breaks one promise.
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../server/index.ts';
import { type ProxiedAnswer, startMutantProxy } from '../test-support/contract-command/mutant-proxy.ts';
import { runContractCli } from '../test-support/contract-command/run-contract-cli.ts';

const AUTH_TESTS = 'authentication \\(401\\)';
/**
 * A failed-authentication limit smaller than the paced plan of the authentication tests, with a
 * short window, so the pacer must wait it out, for seconds. Two: a test that sends three refusals
 * back to back meets it however slowly the machine runs the tests between them.
 */
const TIGHT_LIMITS = { AUTH_FAILURE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW_SECONDS: '2' };
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
async function proxy(upstream: string, rewrite: (answer: ProxiedAnswer) => void): Promise<string> {
  const started = await startMutantProxy(upstream, { answer: rewrite });
  stops.push(() => started.close());
  return started.url;
}

const runSuite = (baseUrl: string, grep: string) => runContractCli(baseUrl, ['--grep', grep]);

describe('the contract suite against a server as deployed', () => {
  it(
    "passes against a server's own failed-authentication limit by waiting out its window",
    async () => {
      const target = await server(TIGHT_LIMITS);
      const { code, output } = await runSuite(target.url, AUTH_TESTS);
      expect(output).toMatch(/failed-authentication limit reached \("auth-failures";q=2;w=2\); waiting \d s/);
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
