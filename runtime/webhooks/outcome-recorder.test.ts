import { describe, expect, it } from 'vitest';
import type { WebhookAttemptOutcome } from '../core/index.ts';
import { outcomeRecorder } from './outcome-recorder.ts';

const outcome = (deliveryId: string): WebhookAttemptOutcome => ({
  deliveryId,
  attemptedAt: '2026-11-29T00:00:10.000Z',
  responseStatus: 204,
  durationMs: 3,
  error: null,
  status: 'succeeded',
  nextAttemptAt: null,
});

/** A recorder over a store that logs each write's delivery ids; `inFlight` stands for the engine's count. */
function setUp(options: { fail?: number } = {}) {
  let failures = options.fail ?? 0;
  const writes: string[][] = [];
  const verdicts: string[] = [];
  const warnings: string[] = [];
  const state = { inFlight: 0 };
  const record = outcomeRecorder({
    store: {
      completeWebhookAttempts: async (batch) => {
        if (failures-- > 0) throw new Error('database down');
        writes.push(batch.map((o) => o.deliveryId));
      },
    },
    attemptsInFlight: () => state.inFlight,
    observer: { attempted: (verdict) => verdicts.push(verdict) },
    log: { warn: (_details, message) => warnings.push(message) },
  });
  return { record, writes, verdicts, warnings, state };
}

describe('the outcome recorder', () => {
  it('writes at once, with no timer, when every attempt in flight has ended', async () => {
    const { record, writes, verdicts, state } = setUp();
    state.inFlight = 2;
    const first = record(outcome('dlv_1'), 'succeeded');
    const second = record(outcome('dlv_2'), 'retrying');
    // Not a macrotask later: resolved within microtasks.
    await Promise.all([first, second]);
    expect(writes).toEqual([['dlv_1', 'dlv_2']]);
    expect(verdicts).toEqual(['succeeded', 'retrying']);
  });

  it('gathers the attempts that end about together, and writes a later one on its own', async () => {
    const { record, writes, state } = setUp();
    state.inFlight = 3;
    const early = [record(outcome('dlv_1'), 'succeeded'), record(outcome('dlv_2'), 'succeeded')];
    await Promise.all(early);
    // The third attempt still runs: the first two did not wait for it past a zero-delay timeout.
    expect(writes).toEqual([['dlv_1', 'dlv_2']]);
    state.inFlight = 1;
    await record(outcome('dlv_3'), 'succeeded');
    expect(writes).toEqual([['dlv_1', 'dlv_2'], ['dlv_3']]);
  });

  it('logs a write that failed, tells no verdict of it, and records the next batch', async () => {
    const { record, writes, verdicts, warnings, state } = setUp({ fail: 1 });
    state.inFlight = 1;
    await record(outcome('dlv_1'), 'succeeded');
    expect(warnings).toEqual(['webhook attempts not recorded; each is claimed again when its lease ends']);
    expect(verdicts).toEqual([]);
    await record(outcome('dlv_2'), 'failed');
    expect(writes).toEqual([['dlv_2']]);
    expect(verdicts).toEqual(['failed']);
  });
});
