import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../server/main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A server running as its own process (`server/main.ts`), as an operator runs it. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything it printed to stderr, for failure messages. */
  stderr(): string;
  /** Sends `signal` (default SIGTERM) and resolves once the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `server/main.ts` in a new process with `env` (PORT=0 on loopback, quiet logs but the
 * development start line; with LOG_LEVEL=info, any mode's), and resolves with its URL once it listens; rejects with its stderr if it exits first.
 * With `ownGroup`, the process leads a process group of its own, for a test to kill as a whole
 * (`process.kill(-pid, 'SIGKILL')`), as an init system or a container runtime does.
 */
export function startServerProcess(
  env: Record<string, string>,
  options: { ownGroup?: boolean } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.ownGroup === true,
  });
  let stderr = '';
  let stdout = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk;
      // main.ts logs the first line at warn level in development mode, with the URL beside it; the
      // second, its start line, at info level (in production, give LOG_LEVEL=info to see it).
      const match =
        /"token":"POST (http:\/\/[^/]+)\/dev\/token|course-service listening on (http:\/\/[^:]+:\d+)/.exec(
          stdout,
        );
      const url = match?.[1] ?? match?.[2];
      if (url) resolve({ url, child, stderr: () => stderr, stop });
    });
    child.once('exit', (code) =>
      reject(new Error(`server exited with ${code} before listening:\n${stderr}`)),
    );
  });
}
