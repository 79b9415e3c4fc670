// Test-only: the `course-mock` command as a real process, run from the sources as the built bin runs
// the compiled ones (the packages suite runs the packed one).
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const MAIN = new URL('../../mocks/cli/main.ts', import.meta.url).pathname;

/** The Node arguments that run `course-mock` from the sources. */
export const COURSE_MOCK = [
  '--conditions=@course-service/source',
  '--import',
  import.meta.resolve('tsx'),
  MAIN,
] as const;

/** A running `course-mock serve`: its URL, how long it took to say so, and how to stop it. */
export interface CourseMockProcess {
  readonly url: string;
  /** Milliseconds from the spawn to the line that gives the URL (reported, never asserted). */
  readonly startMs: number;
  readonly child: ChildProcess;
  /** What it printed so far, both streams. */
  output(): string;
  /** Sends `signal` and resolves with the exit code once the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Resolves with the exit code (or `null` after a signal) once `child` has exited. */
const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

/**
 * Runs `command` to its end (in a process group of its own); resolves with its exit code and what
 * it printed: each stream, and both interleaved.
 *
 * @example const { code, output } = await runToEnd('python3', ['-m', 'unittest'], { cwd, env });
 */
export async function runToEnd(
  command: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
) {
  const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const printed = { stdout: '', stderr: '', output: '' };
  for (const stream of ['stdout', 'stderr'] as const) {
    child[stream].on('data', (chunk) => {
      printed[stream] += chunk;
      printed.output += chunk;
    });
  }
  const code = await exited(child);
  return { child, code, ...printed };
}

/**
 * Runs `course-mock` with `args` to its end; resolves with its exit code and what it printed.
 *
 * @example const { code, stderr } = await runCourseMock(['serve', '--port', 'x']);
 */
export const runCourseMock = (args: string[]) => runToEnd(process.execPath, [...COURSE_MOCK, ...args]);

/**
 * Starts `course-mock serve --port 0 …args` and resolves once it prints its URL; rejects with
 * what it printed if it exits first.
 *
 * @example const mock = await startCourseMock(['--overrides']); … await mock.stop();
 */
export function startCourseMock(args: string[] = []): Promise<CourseMockProcess> {
  const started = performance.now();
  const child = spawn(process.execPath, [...COURSE_MOCK, 'serve', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stderr?.on('data', (chunk) => {
    printed += chunk;
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`course-mock exited with ${code}:\n${printed}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      printed += `${line}\n`;
      const url = line.match(/^course-mock listening on (\S+)$/)?.[1];
      if (!url) return;
      const startMs = Math.round(performance.now() - started);
      resolve({
        url,
        startMs,
        child,
        output: () => printed,
        stop(signal = 'SIGTERM') {
          child.kill(signal);
          return exited(child);
        },
      });
    });
  });
}
