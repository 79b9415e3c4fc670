import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';

const CLI = new URL('../cli.ts', import.meta.url).pathname;

/** What a `course-contract` run printed and how it ended. */
export interface CliRun {
  code: number | null;
  output: string;
}

/**
 * Runs `course-contract --base-url URL` as a user would, in a child process, with more arguments
 * (`--grep`, `--junit`, …); resolves with its exit code and everything it printed, uncoloured.
 *
 * @example const { code, output } = await runContractCli(proxy.url, ['--grep', 'use-after-free']);
 */
export function runContractCli(baseUrl: string, args: string[]): Promise<CliRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--base-url', baseUrl, ...args], {
    env: { ...process.env, CONTRACT_TARGET: '', CONTRACT_BASE_URL: '', CONTRACT_MAX_WAIT_SECONDS: '60' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  // Without colours, so the output can be searched for test and check names.
  return new Promise((resolve) =>
    child.once('exit', (code) => resolve({ code, output: stripVTControlCharacters(output) })),
  );
}
