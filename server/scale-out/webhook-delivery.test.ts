import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fleet, startFleet } from '../../test-support/server/fleet.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test-support/server/webhook-receiver.ts';

// Two server processes on one PostgreSQL database both deliver webhooks: each due delivery is
// claimed by one of them (FOR UPDATE SKIP LOCKED, then a lease), so a burst of events is shared out
// and no attempt is ever sent twice.
const EVENTS = 300;

let fleet: Fleet;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  fleet = await startFleet(2, {
    RATE_LIMIT_MAX: '1000000',
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_POLL_MS: '20',
    METRICS: 'on',
  });
});
afterAll(async () => {
  await fleet.stop();
  await receiver.close();
});

/** The attempts instance `i` has recorded as succeeded, from its /metrics. */
async function succeededAttempts(i: number): Promise<number> {
  const text = await (await fetch(`${fleet.instances[i]?.url}/metrics`)).text();
  const line = /^course_service_webhook_attempts_total\{outcome="succeeded"\} (\d+)$/m.exec(text);
  return Number(line?.[1] ?? Number.NaN);
}

describe('webhook delivery by two instances on one database', () => {
  it(`delivers each of ${EVENTS} events once, both instances sending`, { timeout: 120_000 }, async () => {
    const { key } = await fleet.apiKey(0, 'hooks');
    const endpoint = await fleet.call(0, 'POST', '/api/v1/webhook-endpoints', {
      bearer: key,
      body: { url: receiver.url },
    });
    expect(endpoint.status).toBe(201);
    // Created through both instances, eight at a time: both queue deliveries and both are woken.
    const created: string[] = [];
    for (let n = 0; n < EVENTS; n += 8) {
      const batch = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          fleet.call(n + i, 'POST', '/api/v1/courses', {
            bearer: key,
            body: { name: `c${n + i}`, description: '' },
          }),
        ),
      );
      for (const answer of batch) {
        expect(answer.status).toBe(201);
        created.push(answer.body.id);
      }
    }
    const expected = created.length;
    await expect
      .poll(() => receiver.received.length, { timeout: 60_000, interval: 100 })
      .toBeGreaterThanOrEqual(expected);
    // Every attempt succeeded at once: the two counts add up to the events, none sent twice.
    await expect
      .poll(async () => (await succeededAttempts(0)) + (await succeededAttempts(1)), {
        timeout: 30_000,
        interval: 100,
      })
      .toBe(expected);
    const [a = 0, b = 0] = [await succeededAttempts(0), await succeededAttempts(1)];
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    const ids = receiver.received.map((request) => request.headers['webhook-id'] as string);
    expect(new Set(ids).size).toBe(ids.length);
    const feedIds: string[] = [];
    let cursor = '';
    for (;;) {
      const page = await fleet.call(
        1,
        'GET',
        `/api/v1/events?type=course.created&limit=100${cursor && `&cursor=${cursor}`}`,
        {
          bearer: key,
        },
      );
      feedIds.push(...page.body.data.map((event: { id: string }) => event.id));
      if (!page.body.hasMore) break;
      cursor = page.body.nextCursor;
    }
    expect(feedIds).toHaveLength(expected);
    expect([...ids].sort()).toEqual(feedIds.sort());
    for (const request of receiver.received) receiver.verify(request, endpoint.body.secret);
  });
});
