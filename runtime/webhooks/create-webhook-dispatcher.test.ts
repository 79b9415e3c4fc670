import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import type { WebhookJob } from '../core/index.ts';
import { createWebhookDispatcher } from './create-webhook-dispatcher.ts';
import { harness, job, OLD_SECRET, SECRET } from './dispatcher-harness.fixture.ts';
import type { WebhookPost } from './webhook-request.ts';

describe('the webhook dispatcher', () => {
  it('posts the payload byte for byte with Standard Webhooks headers that verify', async () => {
    const due = job();
    const { options, requests, outcomes, verdicts } = harness([due], () => ({ status: 204, durationMs: 7 }));
    expect(await createWebhookDispatcher(options).runOnce()).toBe(1);
    const post = requests[0] as WebhookPost;
    expect(post.body).toBe(due.payload);
    expect(post.url).toBe(due.endpoint.url);
    expect(post.headers).toEqual({
      'content-type': 'application/json',
      'user-agent': 'course-service-webhooks/test',
      'webhook-id': 'evt_1',
      'webhook-timestamp': String(Date.parse('2026-11-29T00:00:10Z') / 1000),
      'webhook-signature': expect.stringMatching(/^v1,/),
    });
    // Verified as a receiver does: the library checks the timestamp against its own clock.
    const realNow = new Date();
    const { options: live, requests: liveRequests } = harness([job()], () => ({
      status: 200,
      durationMs: 1,
    }));
    await createWebhookDispatcher({ ...live, clock: () => realNow }).runOnce();
    const signed = liveRequests[0] as WebhookPost;
    expect(new Webhook(SECRET).verify(signed.body, { ...signed.headers })).toEqual(JSON.parse(due.payload));
    expect(outcomes).toEqual([
      expect.objectContaining({
        deliveryId: due.delivery.id,
        status: 'succeeded',
        responseStatus: 204,
        durationMs: 7,
        error: null,
        nextAttemptAt: null,
      }),
    ]);
    expect(outcomes[0]).not.toHaveProperty('disableEndpoint');
    expect(verdicts).toEqual(['succeeded']);
  });

  it('signs with the previous secret too while it has not expired', async () => {
    const rotating = job({ previousSecretExpiresAt: '2026-11-30T00:00:00.000Z' });
    const expired = job({ previousSecretExpiresAt: '2026-11-29T00:00:05.000Z' });
    const { options, requests } = harness([rotating, expired], () => ({ status: 200, durationMs: 1 }));
    await createWebhookDispatcher(options).runOnce();
    const at = new Date('2026-11-29T00:00:10Z');
    const [both, one] = requests.map((post) => post.headers['webhook-signature']);
    expect(both).toBe(
      `${new Webhook(SECRET).sign('evt_1', at, rotating.payload)} ${new Webhook(OLD_SECRET).sign('evt_1', at, rotating.payload)}`,
    );
    expect(one).toBe(new Webhook(SECRET).sign('evt_1', at, expired.payload));
  });

  it.each([
    [{ status: 500, durationMs: 3 }, 500, null],
    [{ error: 'timeout' as const, durationMs: 15_000 }, null, 'timeout'],
    [{ status: 302, error: 'redirect' as const, durationMs: 2 }, 302, 'redirect'],
    [{ status: 200, error: 'response_too_large' as const, durationMs: 2 }, 200, 'response_too_large'],
  ])("retries %o after the schedule's next wait", async (answer, responseStatus, error) => {
    const { options, outcomes, verdicts } = harness([job({ attempts: 1 })], () => answer);
    await createWebhookDispatcher(options).runOnce();
    expect(outcomes[0]).toMatchObject({
      status: 'pending',
      responseStatus,
      error,
      nextAttemptAt: '2026-11-29T00:05:10.000Z',
    });
    expect(verdicts).toEqual(['retrying']);
  });

  it('fails the delivery and disables the endpoint after the last attempt failed', async () => {
    const { options, outcomes, verdicts } = harness([job({ attempts: 2 })], () => ({
      status: 503,
      durationMs: 1,
    }));
    await createWebhookDispatcher(options).runOnce();
    expect(outcomes[0]).toMatchObject({
      status: 'failed',
      nextAttemptAt: null,
      disableEndpoint: 'retries_exhausted',
    });
    expect(verdicts).toEqual(['failed']);
  });

  it('keeps the endpoint enabled when it has succeeded since the delivery was created', async () => {
    const { options, outcomes } = harness(
      [job({ attempts: 2, lastSuccessAt: '2026-11-29T00:00:01.000Z' })],
      () => ({ status: 503, durationMs: 1 }),
    );
    await createWebhookDispatcher(options).runOnce();
    expect(outcomes[0]).toMatchObject({ status: 'failed' });
    expect(outcomes[0]).not.toHaveProperty('disableEndpoint');
  });

  it('fails at once and disables the endpoint on 410 Gone', async () => {
    const { options, outcomes, verdicts } = harness([job()], () => ({ status: 410, durationMs: 1 }));
    await createWebhookDispatcher(options).runOnce();
    expect(outcomes[0]).toMatchObject({
      status: 'failed',
      responseStatus: 410,
      disableEndpoint: 'endpoint_gone',
    });
    expect(verdicts).toEqual(['gone']);
  });

  it('counts a transport that throws as a connection failure', async () => {
    const { options, outcomes, warnings } = harness([job()], () => Promise.reject(new Error('bug')));
    await createWebhookDispatcher(options).runOnce();
    expect(outcomes[0]).toMatchObject({ status: 'pending', error: 'connection_failed' });
    expect(warnings).toEqual(['webhook transport threw']);
  });

  it('keeps polling after the store fails, and delivers on the next tick', async () => {
    const { options, outcomes, warnings } = harness([job()], () => ({ status: 200, durationMs: 1 }));
    let failures = 2;
    const claim = options.store.claimWebhookDeliveries;
    options.store.claimWebhookDeliveries = (claimed) =>
      failures-- > 0 ? Promise.reject(new Error('database down')) : claim(claimed);
    const dispatcher = createWebhookDispatcher(options);
    dispatcher.start(5);
    await expect.poll(() => outcomes.length).toBe(1);
    await dispatcher.stop();
    expect(warnings.slice(0, 2)).toEqual([
      'webhook deliveries could not be claimed; trying again on the next tick',
      'webhook deliveries could not be claimed; trying again on the next tick',
    ]);
  });

  it('logs outcomes the store could not record and goes on', async () => {
    const { options, warnings, verdicts, outcomes } = harness([job(), job()], () => ({
      status: 200,
      durationMs: 1,
    }));
    let failures = 1;
    const complete = options.store.completeWebhookAttempts;
    options.store.completeWebhookAttempts = (batch) =>
      failures-- > 0 ? Promise.reject(new Error('database down')) : complete(batch);
    const dispatcher = createWebhookDispatcher(options);
    expect(await dispatcher.runOnce()).toBe(2);
    expect(warnings).toEqual(['webhook attempts not recorded; each is claimed again when its lease ends']);
    expect(verdicts).toEqual([]);
    expect(outcomes).toEqual([]);
  });

  it('claims with a lease of leaseMs and at most the batch size', async () => {
    const { options } = harness([], () => ({ status: 200, durationMs: 1 }));
    const claims: unknown[] = [];
    options.store.claimWebhookDeliveries = async (claim) => {
      claims.push(claim);
      return [];
    };
    expect(await createWebhookDispatcher(options).runOnce()).toBe(0);
    expect(claims).toEqual([
      { now: '2026-11-29T00:00:10.000Z', leaseUntil: '2026-11-29T00:01:10.000Z', limit: 4 },
    ]);
  });

  it('drains a backlog larger than the batch without waiting for the poll, and stop waits for attempts in flight', async () => {
    const jobs = Array.from({ length: 10 }, () => job());
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { options, outcomes } = harness(jobs, async () => {
      await gate;
      return { status: 200, durationMs: 1 };
    });
    const dispatcher = createWebhookDispatcher(options);
    // An hour's poll: only the dispatcher's own "more is due" wake-ups can drain the backlog.
    dispatcher.start(3600_000);
    await expect.poll(() => jobs.length).toBe(6);
    const stopped = dispatcher.stop();
    release();
    await stopped;
    expect(outcomes).toHaveLength(4);
  });

  it('drains a backlog larger than the batch on its own', async () => {
    const jobs = Array.from({ length: 10 }, () => job());
    const { options, outcomes } = harness(jobs, () => ({ status: 200, durationMs: 1 }));
    const dispatcher = createWebhookDispatcher(options);
    dispatcher.start(3600_000);
    await expect.poll(() => outcomes.length).toBe(10);
    await dispatcher.stop();
  });

  it('polls at once when nudged', async () => {
    const jobs: WebhookJob[] = [];
    const { options, outcomes } = harness(jobs, () => ({ status: 200, durationMs: 1 }));
    const dispatcher = createWebhookDispatcher(options);
    dispatcher.start(3600_000);
    await expect.poll(() => jobs.length).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    jobs.push(job());
    dispatcher.nudge();
    await expect.poll(() => outcomes.length).toBe(1);
    await dispatcher.stop();
  });
});
