import { describe, expect, it } from 'vitest';
import type { WebhookJob } from '../core/index.ts';
import { createWebhookDispatcher } from './create-webhook-dispatcher.ts';
import { harness, job } from './dispatcher-harness.fixture.ts';

// `busy`: while the host is saturated serving requests, the engine claims once a poll at most.
describe('the webhook dispatcher on a busy host', () => {
  it('claims once a poll while busy, nudged or not, and drains at full speed once not', async () => {
    const jobs: WebhookJob[] = Array.from({ length: 12 }, () => job());
    const { options, outcomes } = harness(jobs, () => ({ status: 200, durationMs: 1 }));
    let busy = true;
    const claims: number[] = [];
    const claim = options.store.claimWebhookDeliveries;
    options.store.claimWebhookDeliveries = (query) => {
      claims.push(performance.now());
      return claim(query);
    };
    const dispatcher = createWebhookDispatcher({ ...options, busy: () => busy });
    dispatcher.start(1_000);
    await expect.poll(() => outcomes.length).toBe(4);
    // Nudges (a create answered) do not bring the next claim forward while busy.
    for (let i = 0; i < 20; i++) {
      dispatcher.nudge();
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    expect(claims).toHaveLength(1);
    expect(outcomes).toHaveLength(4);
    // The next claim comes a poll after the last, not with a nudge (all sent in its first ~300 ms).
    // A poll's timer starts a little before its claim is called, more so on a loaded machine.
    await expect.poll(() => claims.length, { timeout: 3_000 }).toBe(2);
    expect((claims[1] as number) - (claims[0] as number)).toBeGreaterThanOrEqual(900);

    // Not busy: a nudge claims at once, and the rest is claimed without waiting for a poll.
    busy = false;
    dispatcher.nudge();
    await expect.poll(() => outcomes.length, { timeout: 900 }).toBe(12);
    await dispatcher.stop();
  });

  it('claims as fast as deliveries come without a busy gauge', async () => {
    const jobs: WebhookJob[] = Array.from({ length: 12 }, () => job());
    const { options, outcomes } = harness(jobs, () => ({ status: 200, durationMs: 1 }));
    const dispatcher = createWebhookDispatcher(options);
    dispatcher.start(3_600_000);
    await expect.poll(() => outcomes.length, { timeout: 500 }).toBe(12);
    await dispatcher.stop();
  });
});
