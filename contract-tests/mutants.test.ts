// The mutant matrix: the `course-contract` command against proxies in front of a real server, each
// breaking one promise of the spec. Each must make the run fail, naming the broken check; the
// unbroken proxy must pass the same checks. Each run selects the checks its mutant needs (--grep).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningServer, startServer } from '../server/index.ts';
import { startMutantProxy } from '../test-support/contract-command/mutant-proxy.ts';
import { MUTANTS } from '../test-support/contract-command/mutants.ts';
import { runContractCli } from '../test-support/contract-command/run-contract-cli.ts';
import { CHECKS } from './checks.ts';

/** Two runs at a time: each is a vitest process of its own, on a machine shared with others. */
const PARALLEL_RUNS = 2;
/** A test's time includes its wait for a turn: up to five runs at once, two of them running. */
const TEST_TIMEOUT_MS = 300_000;
const EVERY_GREP = [...new Set(MUTANTS.map((mutant) => mutant.grep))].join('|');

let running = 0;
const waiting: Array<() => void> = [];
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= PARALLEL_RUNS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

let upstream: RunningServer;
let reports: string;
beforeAll(async () => {
  // Failed authentication unlimited, so the runs measure the checks, not the pacing.
  upstream = await startServer({
    env: { AUTH_FAILURE_LIMIT_MAX: '1000000', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' },
  });
  reports = await mkdtemp(join(tmpdir(), 'contract-mutants-'));
});
afterAll(async () => {
  await upstream.close();
  await rm(reports, { recursive: true, force: true });
});

describe('the contract suite against mutant servers', () => {
  test.concurrent('passes against the unbroken proxy, and writes a JUnit file and a JSON report', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const proxy = await startMutantProxy(upstream.url);
    const junit = join(reports, 'unbroken.xml');
    const report = join(reports, 'unbroken.json');
    const { code, output } = await inTurn(() =>
      runContractCli(proxy.url, ['--grep', EVERY_GREP, '--junit', junit, '--report', report]),
    );
    await proxy.close();
    expect(code, output).toBe(0);
    const xml = await readFile(junit, 'utf8');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8" \?>\s*<testsuites [^>]*failures="0"/);
    for (const check of ['credential-required', 'unsupported-method', 'use-after-free', 'cursor-walk'])
      expect(xml).toMatch(new RegExp(`<testcase [^>]*name="generic checks &gt; ${check}: `));
    const json = JSON.parse(await readFile(report, 'utf8'));
    expect(json).toMatchObject({ passed: true, requests: expect.any(Number), waitSeconds: 0 });
    expect([json.causes, json.failures, json.undeclared]).toEqual([[], [], []]);
    expect(Object.keys(json.checks).sort()).toEqual(
      Object.keys(CHECKS)
        .filter((c) => c !== 'scenario')
        .sort(),
    );
    expect(json.checks['use-after-free'].passes).toBeGreaterThan(0);
  });

  test.concurrent.for(MUTANTS.map((mutant) => [mutant.name, mutant] as const))(
    'fails, naming the check, against a server where %s',
    { timeout: TEST_TIMEOUT_MS },
    async ([, mutant]) => {
      const proxy = await startMutantProxy(upstream.url, mutant.mutation());
      const { code, output } = await inTurn(() => runContractCli(proxy.url, ['--grep', mutant.grep]));
      await proxy.close();
      expect(output).toMatch(/^ FAIL /m);
      expect(output).toContain(mutant.caughtBy);
      expect(code, output).toBe(1);
    },
  );
});
