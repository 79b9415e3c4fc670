import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import type { WebhookAttemptOutcome, WebhookJob } from '../core/index.ts';
import type { WebhookSendResult } from './attempt-outcome.ts';
import { createWebhookDispatcher, type WebhookDispatcherOptions } from './create-webhook-dispatcher.ts';

const SECRET = `whsec_${btoa('0123456789abcdef01234567')}`;
const OLD_SECRET = `whsec_${btoa('old-secret-old-secret-ol')}`;
const created = '2026-11-29T00:00:00.000Z';

function job(
  overrides: { attempts?: number; lastSuccessAt?: string | null; previousSecretExpiresAt?: string } = {},
): WebhookJob {
  const payload = JSON.stringify({
    id: 'evt_1',
    type: 'course.created',
    timestamp: created,
    environment: 'prod',
    data: {},
  });
  return {
    payload,
    delivery: {
      id: `dlv_${Math.random().toString(36).slice(2)}`,
      endpointId: 'we_1',
      ownerId: 'owner',
      eventId: 'evt_1',
      eventType: 'course.created',
      status: 'pending',
      attempts: overrides.attempts ?? 0,
      createdAt: created,
      lastAttemptAt: null,
      responseStatus: null,
      durationMs: null,
      error: null,
      nextAttemptAt: created,
      leaseUntil: null,
      seq: 1,
    },
    endpoint: {
      id: 'we_1',
      ownerId: 'owner',
      environment: 'prod',
      url: 'https://hooks.example.com/in',
      description: '',
      eventTypes: ['*'],
      enabled: true,
      disabledReason: null,
      secret: SECRET,
      previousSecret: overrides.previousSecretExpiresAt ? OLD_SECRET : null,
      previousSecretExpiresAt: overrides.previousSecretExpiresAt ?? null,
      lastSuccessAt: overrides.lastSuccessAt ?? null,
      createdAt: created,
      updatedAt: created,
      seq: 1,
    },
  };
}

/** A store of due jobs that records outcomes, and a transport that records requests and answers `answer`. */
function harness(
  jobs: WebhookJob[],
  answer: (request: Request) => Promise<WebhookSendResult> | WebhookSendResult,
) {
  const outcomes: WebhookAttemptOutcome[] = [];
  const requests: Request[] = [];
  const verdicts: string[] = [];
  const warnings: string[] = [];
  const now = new Date('2026-11-29T00:00:10.000Z');
  const options: WebhookDispatcherOptions = {
    store: {
      claimWebhookDeliveries: async ({ limit }) => jobs.splice(0, limit),
      completeWebhookAttempt: async (outcome) => {
        outcomes.push(outcome);
      },
    },
    send: async (request) => {
      requests.push(request);
      return answer(request);
    },
    clock: () => now,
    schedule: [5, 300],
    leaseMs: 60_000,
    batchSize: 4,
    userAgent: 'course-service-webhooks/test',
    observer: { attempted: (verdict) => verdicts.push(verdict) },
    log: { warn: (_details, message) => warnings.push(message) },
  };
  return { options, outcomes, requests, verdicts, warnings, now };
}

describe('the webhook dispatcher', () => {
  it('posts the payload byte for byte with Standard Webhooks headers that verify', async () => {
    const due = job();
    const { options, requests, outcomes, verdicts } = harness([due], () => ({ status: 204, durationMs: 7 }));
    expect(await createWebhookDispatcher(options).runOnce()).toBe(1);
    const request = requests[0] as Request;
    const body = await request.text();
    expect(body).toBe(due.payload);
    expect(request.method).toBe('POST');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(request.headers.get('user-agent')).toBe('course-service-webhooks/test');
    expect(request.headers.get('webhook-id')).toBe('evt_1');
    expect(request.headers.get('webhook-timestamp')).toBe(String(Date.parse('2026-11-29T00:00:10Z') / 1000));
    // Verified as a receiver does: the library checks the timestamp against its own clock.
    const realNow = new Date();
    const { options: live, requests: liveRequests } = harness([job()], () => ({
      status: 200,
      durationMs: 1,
    }));
    await createWebhookDispatcher({ ...live, clock: () => realNow }).runOnce();
    const signed = liveRequests[0] as Request;
    expect(new Webhook(SECRET).verify(await signed.text(), Object.fromEntries(signed.headers))).toEqual(
      JSON.parse(due.payload),
    );
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
    const [both, one] = requests.map((request) => request.headers.get('webhook-signature'));
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

  it('logs an outcome the store could not record and goes on', async () => {
    const { options, warnings, verdicts } = harness([job(), job()], () => ({ status: 200, durationMs: 1 }));
    let failures = 1;
    const complete = options.store.completeWebhookAttempt;
    options.store.completeWebhookAttempt = (outcome) =>
      failures-- > 0 ? Promise.reject(new Error('database down')) : complete(outcome);
    expect(await createWebhookDispatcher(options).runOnce()).toBe(2);
    expect(warnings).toEqual(['webhook attempt not recorded; it is claimed again when its lease ends']);
    expect(verdicts).toEqual(['succeeded']);
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
