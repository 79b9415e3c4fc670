import { execFile, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { stripVTControlCharacters } from 'node:util';

const CLI = new URL('../../contract-tests/cli.ts', import.meta.url).pathname;
/** tsx by path, so a command run in a directory outside the repository finds it. */
const TSX = createRequire(import.meta.url).resolve('tsx');

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
  const child = spawn(
    process.execPath,
    ['--conditions=@course-service/source', '--import', 'tsx', CLI, '--base-url', baseUrl, ...args],
    {
      env: { ...process.env, CONTRACT_TARGET: '', CONTRACT_BASE_URL: '', CONTRACT_MAX_WAIT_SECONDS: '60' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  // Without colours, so the output can be searched for test and check names.
  return new Promise((resolve) =>
    child.once('exit', (code) => resolve({ code, output: stripVTControlCharacters(output) })),
  );
}

/** What a `course-contract` command printed on each stream, and how it ended. */
export interface CommandRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `course-contract <args>` (any subcommand) in `cwd`, with `env` added to this process's
 * environment; resolves with its exit code and each stream.
 *
 * @example const { code, stdout } = await runCourseContract(['diff', 'base.yaml', 'head.yaml'], { cwd });
 */
export function runCourseContract(
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<CommandRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', TSX, CLI, ...args],
      { cwd: options.cwd, env: { ...process.env, ...options.env }, encoding: 'utf8' },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}
