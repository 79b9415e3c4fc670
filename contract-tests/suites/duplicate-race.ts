import type { RawReply } from '../contract.ts';

/** What a reply's `RateLimit` header (`"<policy>";r=<remaining>;t=<seconds>`) says is left of its quota. */
export function remainingQuota(reply: RawReply): number | undefined {
  const match = /;r=(\d+)/.exec(reply.headers.get('RateLimit') ?? '');
  return match ? Number(match[1]) : undefined;
}

/** Concurrent duplicates per round: enough that one usually lands while the first still runs. */
const ROUND_WIDTH = 8;
const MAX_ROUNDS = 20;

/**
 * Sends rounds of concurrent duplicates (one Idempotency-Key per round) until one of them lands
 * while the first is still running, and returns every status the rounds got. The rounds stay
 * within the target's quota as its `RateLimit` header counts it: a round never sends more than the
 * credential has left, and a credential with too little left for a round is replaced by a fresh one
 * (a new subject's), so a slow machine that needs many rounds never meets a `429`.
 *
 * @example
 * const statuses = await raceDuplicates(async () => ({ Authorization: `Bearer ${(await c.newKey()).key}` }), (headers) =>
 *   c.call('/api/v1/courses', { method: 'POST', headers, json: { name: 'Race', description: '' } }));
 */
export async function raceDuplicates(
  credential: () => Promise<Record<string, string>>,
  send: (headers: Record<string, string>) => Promise<RawReply>,
): Promise<Set<number>> {
  const statuses = new Set<number>();
  let auth = await credential();
  let remaining = ROUND_WIDTH;
  for (let round = 0; round < MAX_ROUNDS && !statuses.has(409); round++) {
    if (remaining < 2) {
      auth = await credential();
      remaining = ROUND_WIDTH;
    }
    const headers = { ...auth, 'Idempotency-Key': crypto.randomUUID() };
    const replies = await Promise.all(
      Array.from({ length: Math.min(ROUND_WIDTH, remaining) }, () => send(headers)),
    );
    for (const reply of replies) statuses.add(reply.status);
    const left = replies.map(remainingQuota).filter((value) => value !== undefined);
    remaining = left.length > 0 ? Math.min(...left) : ROUND_WIDTH;
  }
  return statuses;
}
