import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: children run from here so `--import tsx` resolves. */
export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A server running in a child process. */
export interface ChildServer {
  url: string;
  pid: number;
  /** `performance.now()` when the child was spawned. */
  spawnedAt: number;
  /** Milliseconds from spawn until the child printed its URL. */
  announcedMs: number;
  /** Resident memory now and at its peak, in MB (Linux `/proc`; `NaN` elsewhere). */
  memory(): Promise<{ rssMb: number; peakMb: number }>;
  /** CPU time (user + system) the child has used so far, in ms (Linux `/proc`; `NaN` elsewhere). */
  cpuMs(): Promise<number>;
  /**
   * Time the child's main thread has spent runnable but waiting for a CPU so far, in ms (Linux
   * `/proc/<pid>/task/<pid>/schedstat`; `NaN` elsewhere).
   */
  cpuWaitMs(): Promise<number>;
  /** SIGTERM, then SIGKILL if the child has not exited within 10 s. */
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** How to spawn a child server; `cwd` (default: this checkout) is where `script` and tsx resolve. */
interface SpawnOptions {
  env?: Record<string, string | undefined>;
  nodeArgs?: string[];
  timeoutMs?: number;
  cwd?: string;
}

/**
 * Spawns `node --import tsx [nodeArgs] script` and waits for the `{"url"}` line it prints.
 * @example const server = await spawnServer('bench/baselines/node-http.ts');
 */
export function spawnServer(script: string, options: SpawnOptions = {}): Promise<ChildServer> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', ...(options.nodeArgs ?? []), script], {
    cwd: options.cwd ?? repoRoot,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  exited.then(() => running.delete(child));
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
    if (process.env.BENCH_CHILD_STDERR) process.stderr.write(chunk);
  });
  return new Promise((resolve, reject) => {
    const fail = (why: string): void => {
      child.kill('SIGKILL');
      reject(new Error(`${script}: ${why}\n${stderr}`));
    };
    const timer = setTimeout(() => fail('no URL printed in time'), options.timeoutMs ?? 60_000);
    const early = (code: number | null): void => fail(`exited with ${code} before printing its URL`);
    child.once('exit', early);
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const newline = buffered.indexOf('\n');
      if (newline < 0) return;
      clearTimeout(timer);
      child.off('exit', early);
      child.stdout?.removeAllListeners('data');
      child.stdout?.resume();
      const { url } = JSON.parse(buffered.slice(0, newline)) as { url: string };
      resolve({
        url,
        pid: child.pid ?? -1,
        spawnedAt: started,
        announcedMs: performance.now() - started,
        memory: () => memoryOf(child.pid ?? -1),
        cpuMs: () => cpuMsOf(child.pid ?? -1),
        cpuWaitMs: () => cpuWaitMsOf(child.pid ?? -1),
        async stop() {
          if (child.exitCode !== null || child.signalCode !== null) return;
          const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          child.kill('SIGTERM');
          await exited;
          clearTimeout(killer);
        },
      });
    });
  });
}

async function memoryOf(pid: number): Promise<{ rssMb: number; peakMb: number }> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string): number =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
  } catch {
    return { rssMb: Number.NaN, peakMb: Number.NaN };
  }
}

// Linux reports CPU time in clock ticks, 100 per second on every common configuration.
const TICKS_PER_SECOND = 100;

async function cpuMsOf(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name, which may itself hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

async function cpuWaitMsOf(pid: number): Promise<number> {
  try {
    // "time on a CPU, time waiting on a run queue, timeslices", the times in ns.
    const [, waitNs] = (await readFile(`/proc/${pid}/task/${pid}/schedstat`, 'utf8')).split(' ');
    return Number(waitNs) / 1e6;
  } catch {
    return Number.NaN;
  }
}

/** Polls `GET url/healthz` every 5 ms until it answers 200, and returns when it did. */
export async function waitHealthy(url: string, timeoutMs = 60_000): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.arrayBuffer().then(() => r.status === 200),
      () => false,
    );
    if (ok) return performance.now();
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`${url}/healthz did not answer 200 within ${timeoutMs} ms`);
}
