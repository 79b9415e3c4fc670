import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Fleet, startFleet } from '../../test-support/server/fleet.ts';

let fleet: Fleet;
beforeAll(async () => {
  fleet = await startFleet(2, { RATE_LIMIT_MAX: '1000000' });
});
afterAll(() => fleet.stop());

/** Creates courses on instance `i`, `concurrency` at a time, until `stop()`; returns the acknowledged ids. */
function writeLoad(i: number, key: string, concurrency: number) {
  const acked: string[] = [];
  let running = true;
  const worker = async () => {
    for (let n = 0; running; n++) {
      try {
        const response = await fleet.call(i, 'POST', '/api/v1/courses', {
          bearer: key,
          body: { name: `w${i}-${n}`, description: '' },
        });
        if (response.status === 201) acked.push(response.body.id);
      } catch {
        // The instance died mid-request: that write was never acknowledged.
      }
    }
  };
  const done = Promise.all(Array.from({ length: concurrency }, worker));
  return {
    acked,
    async stop() {
      running = false;
      await done;
    },
  };
}

it('keeps every acknowledged write when one instance is killed -9 under load, and the other keeps serving', async () => {
  const { key } = await fleet.apiKey(1, 'loader');
  const onA = writeLoad(0, key, 8);
  const onB = writeLoad(1, key, 4);
  while (onA.acked.length < 150) await new Promise((resolve) => setTimeout(resolve, 20));
  await fleet.instances[0]?.stop('SIGKILL');
  const ackedOnA = onA.acked.length;
  await onA.stop();
  const before = onB.acked.length;
  while (onB.acked.length < before + 50) await new Promise((resolve) => setTimeout(resolve, 20));
  await onB.stop();

  expect(onA.acked.length).toBe(ackedOnA);
  const listed = new Set<string>();
  let cursor = '';
  do {
    const page = await fleet.call(1, 'GET', `/api/v1/courses?limit=100${cursor && `&cursor=${cursor}`}`, {
      bearer: key,
    });
    expect(page.status).toBe(200);
    for (const course of page.body.data) listed.add(course.id);
    cursor = page.body.nextCursor ?? '';
  } while (cursor);
  const missing = [...onA.acked, ...onB.acked].filter((id) => !listed.has(id));
  expect(missing).toEqual([]);
  expect((await fleet.call(1, 'GET', '/healthz')).status).toBe(200);
});
