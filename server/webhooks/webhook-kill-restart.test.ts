import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../test-support/server/server-process.ts';
import { startWebhookReceiver } from '../../test-support/server/webhook-receiver.ts';

// kill -9 of the server's process group during a burst of course creations with a webhook endpoint
// configured, then a restart on the same DATA_DIR: every acknowledged creation has its event in the
// feed and is delivered, and no event exists for a creation that was not stored. An attempt in
// flight at the kill may be sent again after the restart (at least once), never lost.
const CYCLES = 3;
const LANES = 6;

type Json = Record<string, unknown>;

async function call(
  url: string,
  method: string,
  path: string,
  bearer: string,
  body?: unknown,
): Promise<Response> {
  return fetch(`${url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${bearer}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Every page of a list, by its cursor. */
async function all(url: string, path: string, key: string): Promise<Json[]> {
  const items: Json[] = [];
  let cursor = '';
  for (;;) {
    const page = (await (
      await call(url, 'GET', `${path}?limit=100${cursor && `&cursor=${cursor}`}`, key)
    ).json()) as {
      data: Json[];
      hasMore: boolean;
      nextCursor: string | null;
    };
    items.push(...page.data);
    if (!page.hasMore || !page.nextCursor) return items;
    cursor = page.nextCursor;
  }
}

/** Creates courses on `LANES` lanes until `killed()`; acknowledged ids go to `acked`. */
function createUntilKilled(url: string, key: string, acked: string[], killed: () => boolean) {
  const lane = async (lane: number) => {
    for (let i = 0; !killed(); i++) {
      try {
        const response = await call(url, 'POST', '/api/v1/courses', key, {
          name: `burst ${lane}-${i}`,
          description: '',
        });
        if (response.status !== 201)
          throw new Error(`create answered ${response.status}: ${await response.text()}`);
        acked.push(((await response.json()) as { id: string }).id);
      } catch (error) {
        if ((error as Error).message.startsWith('create answered')) throw error;
      }
    }
  };
  return Promise.all(Array.from({ length: LANES }, (_, n) => lane(n)));
}

describe('kill -9 during a burst of creations with a webhook endpoint', () => {
  it('keeps every acknowledged creation in the feed and delivers it; records nothing that was not stored', {
    timeout: 180_000,
  }, async () => {
    const receiver = await startWebhookReceiver();
    const env = {
      DATA_DIR: mkdtempSync(join(tmpdir(), 'webhook-kill-')),
      RATE_LIMIT_MAX: '1000000000',
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_POLL_MS: '50',
      WEBHOOK_TIMEOUT_MS: '1000',
    };
    let server: ServerProcess = await startServerProcess(env, { ownGroup: true });
    try {
      const token = (
        (await (
          await fetch(`${server.url}/dev/token`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ sub: 'kill' }),
          })
        ).json()) as { idToken: string }
      ).idToken;
      const key = (
        (await (await call(server.url, 'POST', '/api/v1/api-keys', token, { name: 'kill' })).json()) as {
          key: string;
        }
      ).key;
      const endpoint = (await (
        await call(server.url, 'POST', '/api/v1/webhook-endpoints', key, { url: receiver.url })
      ).json()) as {
        id: string;
        secret: string;
      };
      const acked: string[] = [];
      for (let cycle = 1; cycle <= CYCLES; cycle++) {
        let killed = false;
        const before = acked.length;
        const writing = createUntilKilled(server.url, key, acked, () => killed);
        const target = before + 20 + Math.floor(Math.random() * 40);
        await expect
          .poll(() => acked.length, { timeout: 60_000, interval: 2 })
          .toBeGreaterThanOrEqual(target);
        killed = true;
        process.kill(-(server.child.pid as number), 'SIGKILL');
        const next = startServerProcess(env, { ownGroup: true });
        next.catch(() => {});
        await writing;
        server = await next;
      }
      const url = server.url;
      const courses = new Set((await all(url, '/api/v1/courses', key)).map((course) => course.id as string));
      const events = (await all(url, '/api/v1/events', key)).filter(
        (event) => event.type === 'course.created',
      );
      const eventCourses = events.map((event) => (event.data as { id: string }).id);
      // Every acknowledged creation is stored and has its event; every event is of a stored course, once.
      expect(acked.filter((id) => !courses.has(id))).toEqual([]);
      expect([...eventCourses].sort()).toEqual([...courses].sort());
      // Each is delivered (after the restart, if the kill came first), signed with the endpoint's secret.
      const eventIds = new Set(events.map((event) => event.id as string));
      await expect
        .poll(
          () =>
            [...eventIds].filter((id) => !receiver.received.some((r) => r.headers['webhook-id'] === id))
              .length,
          {
            timeout: 60_000,
            interval: 100,
          },
        )
        .toBe(0);
      for (const request of receiver.received)
        expect(eventIds.has(receiver.verify(request, endpoint.secret).id)).toBe(true);
      await expect
        .poll(
          async () =>
            (await all(url, `/api/v1/webhook-endpoints/${endpoint.id}/deliveries`, key)).filter(
              (d) => d.status !== 'succeeded',
            ).length,
          { timeout: 60_000, interval: 200 },
        )
        .toBe(0);
      const deliveries = await all(url, `/api/v1/webhook-endpoints/${endpoint.id}/deliveries`, key);
      expect(deliveries.filter((delivery) => delivery.eventType === 'course.created')).toHaveLength(
        events.length,
      );
    } finally {
      await server.stop('SIGKILL');
      await receiver.close();
    }
  });
});
