// The idempotency races pace themselves by the target's RateLimit header: against a target whose
// window for a duplicate is hard to hit (a busy machine), they take many rounds and still never
// spend a credential past its quota.
import { describe, expect, it } from 'vitest';
import type { RawReply } from './contract.ts';
import { raceDuplicates } from './suites/duplicate-race.ts';

/**
 * A target with a quota of `quota` requests per credential, which answers 201 to every request
 * and 409 to a duplicate only from round `conflictRound` on, as a slow race would.
 */
function quotaTarget(quota: number, conflictRound: number) {
  const spent = new Map<string, number>();
  const rounds = new Map<string, number>();
  let credentials = 0;
  let answers = 0;
  const reply = (status: number, remaining: number): RawReply => ({
    status,
    headers: new Headers({ RateLimit: `"courses";r=${remaining};t=60` }),
    body: {},
    sent: { method: 'POST', path: '/api/v1/courses', headers: {}, operationId: null, curl: '' },
  });
  return {
    get credentials() {
      return credentials;
    },
    get answers() {
      return answers;
    },
    credential: async () => ({ Authorization: `Bearer key-${++credentials}` }),
    send: async (headers: Record<string, string>) => {
      answers++;
      const credential = headers.Authorization as string;
      const used = (spent.get(credential) ?? 0) + 1;
      spent.set(credential, used);
      if (used > quota) return reply(429, 0);
      const idempotencyKey = headers['Idempotency-Key'] as string;
      const round = rounds.get(idempotencyKey) ?? rounds.size + 1;
      const first = !rounds.has(idempotencyKey);
      rounds.set(idempotencyKey, round);
      return reply(first || round < conflictRound ? 201 : 409, quota - used);
    },
  };
}

describe('raceDuplicates', () => {
  it('takes a fresh credential before a round would pass its quota, so no round meets 429', async () => {
    const target = quotaTarget(20, 12);
    const statuses = await raceDuplicates(target.credential, target.send);
    expect([...statuses].sort()).toEqual([201, 409]);
    // Each credential's 20 requests went in rounds of 8, 8 and 4: 12 rounds took four of them.
    expect(target.credentials).toBe(4);
  });

  it('sends no more than the quota has left, when a credential allows fewer than a full round', async () => {
    const target = quotaTarget(11, 3);
    const statuses = await raceDuplicates(target.credential, target.send);
    expect([...statuses].sort()).toEqual([201, 409]);
    // Rounds of 8, then 3 (what the first credential had left), then 8 on a fresh one.
    expect(target.answers).toBe(19);
    expect(target.credentials).toBe(2);
  });
});
