import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';

const MAIN = new URL('./main.ts', import.meta.url).pathname;

/** Starts `npm start`'s entry point as a real process on an ephemeral port; resolves with its URL. */
function startProcess(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', RATE_LIMIT_MAX: '1000000', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited early with ${code}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      if (!line.startsWith('{')) return;
      const entry = JSON.parse(line);
      if (entry.msg.startsWith('course-service listening')) resolve({ child, url: entry.url });
    });
  });
}

async function post(url: string, body: unknown, bearer: string) {
  return fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function allCourseIds(url: string, key: string): Promise<Set<string>> {
  const ids = new Set<string>();
  let cursor: string | null = null;
  do {
    const response: Response = await fetch(
      `${url}/api/v1/courses?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      {
        headers: { authorization: `Bearer ${key}` },
      },
    );
    const page = (await response.json()) as { data: Array<{ id: string }>; nextCursor: string | null };
    for (const course of page.data) ids.add(course.id);
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

// Each starts and kills server processes: up to 19 s in CI beside three busy files.
describe('durability of acknowledged writes', { timeout: 90_000 }, () => {
  it('keeps every acknowledged write across kill -9 at a random moment', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'course-service-crash-'));
    const first = await startProcess(dataDir);
    const token = (
      (await (await post(`${first.url}/dev/token`, { sub: 'crash' }, '')).json()) as { idToken: string }
    ).idToken;
    const key = (
      (await (await post(`${first.url}/api/v1/api-keys`, { name: 'crash' }, token)).json()) as { key: string }
    ).key;

    const acknowledged: string[] = [];
    const killAfter = 150 + Math.floor(Math.random() * 300);
    let killed = false;
    const writer = async (lane: number) => {
      for (let i = 0; !killed; i++) {
        try {
          const response = await post(
            `${first.url}/api/v1/courses`,
            { name: `c-${lane}-${i}`, description: '' },
            key,
          );
          if (response.status === 201) acknowledged.push(((await response.json()) as { id: string }).id);
        } catch {
          return; // the connection died with the server: that write was never acknowledged
        }
        if (!killed && acknowledged.length >= killAfter) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, (_, lane) => writer(lane)));
    await exited(first.child);

    const second = await startProcess(dataDir);
    try {
      const stored = await allCourseIds(second.url, key);
      expect(acknowledged.length).toBeGreaterThanOrEqual(killAfter);
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      second.child.kill('SIGTERM');
      await exited(second.child);
    }
  });

  it('finishes in-flight requests and flushes on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'course-service-term-'));
    const first = await startProcess(dataDir);
    const token = (
      (await (await post(`${first.url}/dev/token`, { sub: 'term' }, '')).json()) as { idToken: string }
    ).idToken;
    const key = (
      (await (await post(`${first.url}/api/v1/api-keys`, { name: 'term' }, token)).json()) as { key: string }
    ).key;
    const inFlight = Array.from({ length: 20 }, (_, i) =>
      post(`${first.url}/api/v1/courses`, { name: `t-${i}`, description: '' }, key),
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    first.child.kill('SIGTERM');
    const settled = await Promise.allSettled(inFlight);
    expect(await exited(first.child)).toBe(0);
    const acknowledged = [];
    for (const result of settled) {
      if (result.status === 'fulfilled' && result.value.status === 201)
        acknowledged.push(((await result.value.json()) as { id: string }).id);
    }
    expect(acknowledged.length).toBeGreaterThan(0);
    const second = await startProcess(dataDir);
    try {
      const stored = await allCourseIds(second.url, key);
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      second.child.kill('SIGTERM');
      await exited(second.child);
    }
  });
});
