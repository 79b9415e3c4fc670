import { execFileSync, spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';

/** npm's own script, run with the Node of this process (or Node 24 from the registry). */
const NPM_CLI = realpathSync(execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim());

/**
 * Runs npm in `cwd` (under Node 24 from the registry when `node24`) and returns what it printed on
 * standard output and on standard error; fails with both when npm fails.
 *
 * @example const { out } = npm(project, ['ls', '--all', '--parseable']);
 */
export function npm(cwd: string, args: string[], node24 = false): { out: string; err: string } {
  const [command, prefix] = node24 ? ['npx', ['-y', 'node@24', NPM_CLI]] : [process.execPath, [NPM_CLI]];
  const run = spawnSync(command as string, [...(prefix as string[]), ...args, '--no-audit', '--no-fund'], {
    cwd,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`npm ${args.join(' ')} failed:\n${run.stdout}\n${run.stderr}`);
  return { out: run.stdout, err: run.stderr };
}
