import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../test-support/server/server-process.ts';

/**
 * Starts a real server for the file's tests to check (its data in `work`), stopped after them, and
 * returns the way to run the installed `course-contract` against it: its status, output and the
 * JSON report it wrote.
 */
export function contractCheck(work: string) {
  let server: ServerProcess;
  beforeAll(async () => {
    // A real server to check, with room for the suite's deliberate failed authentications.
    // No secret scanner to reach here: its published keys are an empty list, as the suite's own target has them.
    // Without --webhook-url the suite registers its own receiver on loopback, which the server must allow.
    server = await startServerProcess({
      DATA_DIR: mkdtempSync(join(work, 'contract-data-')),
      AUTH_FAILURE_LIMIT_MAX: '1000000',
      SECRET_SCANNING_KEYS_URL: 'data:application/json,{"public_keys":[]}',
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    });
  }, 60_000);
  afterAll(() => server?.stop());

  /** Runs the `course-contract` installed in `dir` (under Node 24 from the registry when `node24`). */
  return function check(dir: string, node24: boolean) {
    const [command, prefix] = node24 ? ['npx', ['-y', 'node@24']] : [process.execPath, []];
    const bin = join(dir, 'node_modules/@course-service/contract-tests/dist/contract-tests/cli.js');
    const args = ['--base-url', server.url, '--junit', 'contract.xml', '--report', 'contract.json'];
    const run = spawnSync(command as string, [...(prefix as string[]), bin, ...args], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 200_000,
    });
    const report = JSON.parse(readFileSync(join(dir, 'contract.json'), 'utf8')) as { passed: boolean };
    return { status: run.status, output: run.stdout + run.stderr, report };
  };
}
