import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../test-support/server/server-process.ts';

// The hostile operator: kill -9 of the server's whole process group while writes are in flight,
// then at once a new server on the same DATA_DIR, twenty times over. Every start must succeed
// (the data-directory lock dies with its holder, whatever becomes of its pid), and every write
// acknowledged with a 201 before a kill must be there after the last restart.
const CYCLES = 20;
const LANES = 8;

async function post(url: string, path: string, body: unknown, bearer?: string): Promise<Response> {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(bearer && { authorization: `Bearer ${bearer}` }) },
    body: JSON.stringify(body),
  });
}

/**
 * Creates courses on `LANES` lanes until `killed()`; the ids the server acknowledged go to `acked`.
 * A network error before the kill (a kept-alive socket the loaded server closed) is retried: only
 * the kill ends a lane, so the wait for acknowledgements cannot stall on lanes that gave up early.
 * A write the server answers with anything but 201 fails the test.
 */
function writeUntilKilled(
  url: string,
  key: string,
  cycle: number,
  acked: string[],
  killed: () => boolean,
): Promise<unknown> {
  const lane = async (lane: number) => {
    for (let i = 0; !killed(); i++) {
      try {
        const response = await post(
          url,
          '/api/v1/courses',
          { name: `k${cycle}-${lane}-${i}`, description: '' },
          key,
        );
        if (response.status !== 201)
          throw new Error(`write answered ${response.status}: ${await response.text()}`);
        acked.push(((await response.json()) as { id: string }).id);
      } catch (error) {
        // Died mid-request: that write was never acknowledged. An answer other than 201 is a failure.
        if ((error as Error).message.startsWith('write answered')) throw error;
      }
    }
  };
  return Promise.all(Array.from({ length: LANES }, (_, n) => lane(n)));
}

/** Resolves once `acked` reaches `count`; rejects at once if a lane fails, or after `ms`. */
async function acknowledged(acked: string[], count: number, writing: Promise<unknown>, ms: number) {
  let failure: unknown;
  writing.catch((error: unknown) => {
    failure = error;
  });
  const deadline = performance.now() + ms;
  while (acked.length < count) {
    if (failure) throw failure;
    if (performance.now() > deadline)
      throw new Error(`only ${acked.length} of ${count} writes acknowledged in ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

async function allCourseIds(url: string, key: string): Promise<Set<string>> {
  const ids = new Set<string>();
  let cursor = '';
  do {
    const response = await fetch(`${url}/api/v1/courses?limit=100${cursor && `&cursor=${cursor}`}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    const page = (await response.json()) as { data: Array<{ id: string }>; nextCursor: string | null };
    for (const course of page.data) ids.add(course.id);
    cursor = page.nextCursor ?? '';
  } while (cursor);
  return ids;
}

describe('kill -9 of the process group under write load, then an immediate restart', () => {
  it(`starts every time and loses nothing acknowledged, ${CYCLES} cycles over`, {
    // Twenty-one server starts of 1.5-3 s each alone; CI runs this beside three other busy files.
    timeout: 300_000,
  }, async () => {
    const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'kill-restart-')), RATE_LIMIT_MAX: '1000000000' };
    const acked: string[] = [];
    const startsMs: number[] = [];
    const start = async () => {
      const began = performance.now();
      const server = await startServerProcess(env, { ownGroup: true });
      startsMs.push(Math.round(performance.now() - began));
      return server;
    };
    let server: ServerProcess = await start();
    const token = (
      (await (await post(server.url, '/dev/token', { sub: 'kill' })).json()) as { idToken: string }
    ).idToken;
    const key = (
      (await (await post(server.url, '/api/v1/api-keys', { name: 'kill' }, token)).json()) as { key: string }
    ).key;
    try {
      for (let cycle = 1; cycle <= CYCLES; cycle++) {
        const before = acked.length;
        let killed = false;
        const writing = writeUntilKilled(server.url, key, cycle, acked, () => killed);
        // Kill at a random moment once writes are flowing: between 20 and 60 acknowledged.
        await acknowledged(acked, before + 20 + Math.floor(Math.random() * 40), writing, 60_000).catch(
          (error: Error) => {
            throw new Error(`cycle ${cycle}: ${error.message}\nserver stderr:\n${server.stderr()}`);
          },
        );
        killed = true;
        process.kill(-(server.child.pid as number), 'SIGKILL');
        // No waiting for the old process to be reaped: the new one starts at once.
        const next = start();
        next.catch(() => {}); // awaited below, once the lanes have stopped
        await writing;
        server = await next;
      }
      const stored = await allCourseIds(server.url, key);
      console.log(
        `${CYCLES} kill -9 cycles: ${acked.length} writes acknowledged, ${stored.size} stored; ` +
          `starts took ${Math.min(...startsMs)}-${Math.max(...startsMs)} ms`,
      );
      expect(startsMs.length).toBe(CYCLES + 1);
      expect(acked.filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      await server.stop('SIGKILL');
    }
  });
});
