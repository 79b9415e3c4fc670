import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadGenerator, LoadOptions, LoadRequest, LoadResult } from './types.ts';

/** Whether `wrk` is on PATH. */
export function hasWrk(): boolean {
  const probe = spawnSync('wrk', ['--version'], { stdio: 'ignore', timeout: 5_000 });
  // `wrk --version` exits 1 after printing its usage; only a missing binary fails to spawn.
  return probe.error === undefined;
}

const luaString = (value: string): string => `[==[${value}]==]`;

/** A wrk script that sets method, headers and body, and prints the summary as one JSON line. */
function script(request: LoadRequest): string {
  const lines = [`wrk.method = ${luaString(request.method)}`];
  if (request.body !== undefined) lines.push(`wrk.body = ${luaString(request.body)}`);
  for (const [name, value] of Object.entries(request.headers)) {
    lines.push(`wrk.headers[ ${luaString(name)} ] = ${luaString(value)}`);
  }
  lines.push(
    'done = function(summary, latency, requests)',
    '  local e = summary.errors',
    '  io.write(string.format(\'BENCH_JSON {"requests":%d,"duration":%d,"p50":%d,"p99":%d,' +
      '"errors":%d,"status":%d}\\n\', summary.requests, summary.duration, latency:percentile(50),' +
      ' latency:percentile(99), e.connect + e.read + e.write + e.timeout, e.status))',
    'end',
  );
  return `${lines.join('\n')}\n`;
}

/** wrk: costs the client less CPU than autocannon; latency in microseconds. */
export const wrkGenerator: LoadGenerator = {
  name: 'wrk',
  async run(url: string, request: LoadRequest, options: LoadOptions): Promise<LoadResult> {
    const dir = mkdtempSync(join(tmpdir(), 'bench-wrk-'));
    const file = join(dir, 'request.lua');
    writeFileSync(file, script(request));
    const seconds = Math.max(1, Math.round(options.durationSeconds));
    const args = ['-t1', `-c${options.connections}`, `-d${seconds}s`, '--timeout', '5s', '-s', file];
    try {
      const stdout = await new Promise<string>((resolve, reject) => {
        execFile('wrk', [...args, url + request.path], { timeout: seconds * 1000 + 15_000 }, (error, out) =>
          error ? reject(error) : resolve(out),
        );
      });
      const line = stdout.split('\n').find((l) => l.startsWith('BENCH_JSON '));
      if (!line) throw new Error(`wrk printed no summary:\n${stdout}`);
      const s = JSON.parse(line.slice('BENCH_JSON '.length)) as Record<string, number>;
      const requests = s.requests ?? 0;
      return {
        requestsPerSecond: requests / ((s.duration ?? 1) / 1e6),
        p50Ms: (s.p50 ?? 0) / 1000,
        p99Ms: (s.p99 ?? 0) / 1000,
        total: requests,
        non2xx: s.status ?? 0,
        errors: s.errors ?? 0,
      };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
