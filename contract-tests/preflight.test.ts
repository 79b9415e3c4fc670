// The preflight against real servers: each prerequisite removed in turn is named with the setting
// that fixes it (checked in this process, through the code the command runs), and as users run it
// (`course-contract` in a child process) `--preflight` passes on a development server with nothing
// set, and in a full run the tests that need a missing prerequisite are not exercised, not failed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../server/index.ts';
import { runContractCli } from '../test-support/contract-command/run-contract-cli.ts';
import { createContract } from './contract.ts';
import { coverage } from './coverage.ts';
import { renderPreflight, runPreflight } from './preflight.ts';
import { type RemoteTargetOptions, remoteTarget } from './targets/remote-target.ts';

/** A URL the server refuses for a webhook endpoint whatever it allows: a cloud metadata address. */
const REFUSED_WEBHOOK_URL = 'http://169.254.169.254/hook';
const RUN_TIMEOUT_MS = 180_000;

const servers: RunningServer[] = [];
async function server(env: Record<string, string> = {}): Promise<string> {
  const running = await startServer({ env });
  servers.push(running);
  return running.url;
}
afterAll(async () => {
  for (const running of servers.splice(0)) await running.close();
});

/**
 * What the preflight prints against `baseUrl` reached with `options`. Its answers go through the
 * validating fetch as in a run; what that noted (the unreachable scanner's 503 is a server error) is
 * taken here, so that it is not left for the next test file that this worker runs.
 */
async function preflightOf(options: RemoteTargetOptions): Promise<string> {
  const target = remoteTarget(options);
  try {
    return renderPreflight(await runPreflight(createContract(target)));
  } finally {
    coverage.takePending();
    await target.close();
  }
}

/** The preflight's line for a prerequisite: `✓`, `✗` with what came back, or `-` not checked. */
const lineOf = (output: string, what: string) =>
  output.split('\n').find((line) => line.slice(2).startsWith(what)) ?? `(no line for ${what})`;

describe('course-contract --preflight', () => {
  let defaults: string;
  beforeAll(async () => {
    defaults = await server();
  });

  it('finds everything the run needs on a development server with nothing set', {
    timeout: RUN_TIMEOUT_MS,
  }, async () => {
    const { code, output } = await runContractCli(defaults, ['--preflight']);
    expect(output).toContain('Preflight: the target has all 4 prerequisites of the run');
    expect(code, output).toBe(0);
  });

  it('names a missing source of ID tokens, and checks nothing that needs one', async () => {
    const output = await preflightOf({ baseUrl: defaults, idTokenCommand: 'exit 3' });
    expect(lineOf(output, 'ID tokens for any subject')).toMatch(/^✗ ID tokens for any subject: no token: /);
    expect(output).toMatch(/^ {4}fix: give the suite a source of ID tokens .*--id-token-command CMD/m);
    expect(lineOf(output, 'a webhook URL the server accepts')).toBe(
      '- a webhook URL the server accepts: not checked (it needs an ID token)',
    );
  });

  it('names a webhook URL the server refuses, with its reason', async () => {
    const output = await preflightOf({ baseUrl: defaults, webhookUrl: REFUSED_WEBHOOK_URL });
    expect(lineOf(output, 'a webhook URL the server accepts')).toMatch(
      /^✗ a webhook URL the server accepts: POST \/api\/v1\/webhook-endpoints .* answered 400 validation_failed at \/url: .*metadata/,
    );
    expect(output).toMatch(/^ {4}fix: pass --webhook-url URL \(CONTRACT_WEBHOOK_URL\)/m);
    expect(lineOf(output, 'ID tokens for any subject')).toBe('✓ ID tokens for any subject');
  });

  describe('against a server with unreachable scanner keys and a small quota', () => {
    let output: string;
    beforeAll(async () => {
      const url = await server({ SECRET_SCANNING_KEYS_URL: 'http://127.0.0.1:9/keys', RATE_LIMIT_MAX: '5' });
      output = await preflightOf({ baseUrl: url });
    });

    it('names secret-scanner keys the server cannot reach', () => {
      expect(lineOf(output, "the secret scanner's public keys")).toMatch(
        /^✗ the secret scanner's public keys, reachable by the server: a leaked-key report .* answered 503 /,
      );
      expect(output).toMatch(/^ {4}fix: set SECRET_SCANNING_KEYS_URL on the server/m);
    });

    it('names a quota too small to work within', () => {
      expect(lineOf(output, 'a course quota')).toBe(
        '✗ a course quota the suite can work within: the courses quota is 5 requests a window',
      );
      expect(output).toMatch(/^ {4}fix: set RATE_LIMIT_MAX on the server between 20 .* and 1000/m);
    });
  });

  it('in a full run, counts the tests that need a missing prerequisite as not exercised, not as failures', {
    timeout: RUN_TIMEOUT_MS,
  }, async () => {
    const args = ['--webhook-url', REFUSED_WEBHOOK_URL, '--grep', 'preflight|webhook|request bodies'];
    const { code, output } = await runContractCli(defaults, args);
    expect(code, output).toBe(1);
    // One failure, the preflight's; the request bodies' tests ran on the operations that need no URL.
    expect(output).toMatch(/Tests {2}1 failed \| \d+ passed \| \d+ skipped/);
    expect(output).toMatch(/FAIL .*preflight > the target offers webhookUrl/);
    expect(output).toMatch(/✓ .*413 for a body over the limit, announced by Content-Length/);
    expect(output).toMatch(/^Not exercised, for want of a webhook URL the server accepts: \d+ test\(s\)$/m);
    expect(output).not.toContain('Failures by cause');
  });
});
