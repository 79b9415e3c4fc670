import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../test-support/server/server-process.ts';

/**
 * Starts a real server for the file's tests to check (its data in `work`, `env` beside it), stopped
 * after them, and returns the way to run the installed `course-contract` against it: its status,
 * output and the JSON report it wrote.
 */
export function contractCheck(work: string, env: Record<string, string> = {}) {
  let server: ServerProcess;
  beforeAll(async () => {
    // A real server to check as `npm start` runs it: nothing set but where its data goes (and `env`).
    // The suite paces its deliberate failed authentications by the default limit, registers its
    // receiver on loopback (a development server accepts it) and has reports signed by the
    // development scanner.
    server = await startServerProcess({ DATA_DIR: mkdtempSync(join(work, 'contract-data-')), ...env });
  }, 60_000);
  afterAll(() => server?.stop());

  /**
   * Runs the `course-contract` installed in `dir` (under Node 24 from the registry when `node24`),
   * without blocking this process: other tests of the file may run beside it.
   */
  return async function check(dir: string, node24: boolean) {
    const [command, prefix] = node24 ? ['npx', ['-y', 'node@24']] : [process.execPath, []];
    const bin = join(dir, 'node_modules/@course-service/contract-tests/dist/contract-tests/cli.js');
    const args = ['--base-url', server.url, '--junit', 'contract.xml', '--report', 'contract.json'];
    const run = await new Promise<{ status: number | null; output: string }>((resolve) =>
      execFile(
        command as string,
        [...(prefix as string[]), bin, ...args],
        { cwd: dir, encoding: 'utf8', timeout: 300_000, maxBuffer: 64 * 1024 * 1024 },
        (error, stdout, stderr) =>
          resolve({
            status: error ? (typeof error.code === 'number' ? error.code : null) : 0,
            output: stdout + stderr,
          }),
      ),
    );
    const report = JSON.parse(readFileSync(join(dir, 'contract.json'), 'utf8')) as { passed: boolean };
    return { ...run, report };
  };
}
