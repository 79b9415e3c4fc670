import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MISSING_COURSE_ID, MISSING_KEY_ID } from '../assertions.ts';
import { type Contract, createContract, type RawReply } from '../contract.ts';
import { coverage } from '../coverage.ts';
import { FAILED_AUTH_POLICY } from '../pacer.ts';
import { requires } from '../preflight.ts';
import { remainingQuota } from './duplicate-race.ts';
import { MCP_HEADERS } from './mcp.ts';

const MAX_DRIVEN_QUOTA = 1000;
const MAX_RECOVERY_WAIT_SECONDS = 5;
type Call = [method: string, path: string, json?: unknown];
const MISSING_ENDPOINT_ID = 'we_0000000000000000';

const COURSE_CALLS: Call[] = [
  ['GET', '/api/v1/courses'],
  ['POST', '/api/v1/courses', { name: 'Limited', description: '' }],
  ['GET', `/api/v1/courses/${MISSING_COURSE_ID}`],
  ['PATCH', `/api/v1/courses/${MISSING_COURSE_ID}`, { name: 'Limited' }],
  ['DELETE', `/api/v1/courses/${MISSING_COURSE_ID}`],
  ['POST', `/api/v1/courses/${MISSING_COURSE_ID}/publish`],
  ['POST', `/api/v1/courses/${MISSING_COURSE_ID}/archive`],
  ['POST', `/api/v1/courses/${MISSING_COURSE_ID}/restore`],
  ['POST', '/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/list' }],
  // Events and webhooks spend the key's quota as course calls do.
  ['GET', '/api/v1/events'],
  ['GET', '/api/v1/events/evt_0000000000000000'],
  ['GET', '/api/v1/webhook-endpoints'],
  ['POST', '/api/v1/webhook-endpoints', { url: 'https://lms.example.com/hooks/courses' }],
  ['GET', `/api/v1/webhook-endpoints/${MISSING_ENDPOINT_ID}`],
  ['PATCH', `/api/v1/webhook-endpoints/${MISSING_ENDPOINT_ID}`, { enabled: false }],
  ['DELETE', `/api/v1/webhook-endpoints/${MISSING_ENDPOINT_ID}`],
  ['POST', `/api/v1/webhook-endpoints/${MISSING_ENDPOINT_ID}/rotate-secret`, {}],
  ['POST', `/api/v1/webhook-endpoints/${MISSING_ENDPOINT_ID}/test`],
  ['GET', `/api/v1/webhook-endpoints/${MISSING_ENDPOINT_ID}/deliveries`],
  ['POST', `/api/v1/webhook-endpoints/${MISSING_ENDPOINT_ID}/deliveries/dlv_0000000000000000/redeliver`],
];
const KEY_CALLS: Call[] = [
  ['GET', '/api/v1/api-keys'],
  ['POST', '/api/v1/api-keys', { name: 'Limited' }],
  ['DELETE', `/api/v1/api-keys/${MISSING_KEY_ID}`],
  ['POST', `/api/v1/api-keys/${MISSING_KEY_ID}/roll`, {}],
  ['GET', `/api/v1/api-keys/${MISSING_KEY_ID}/events`],
  ['GET', `/api/v1/api-keys/${MISSING_KEY_ID}/usage`],
  ['DELETE', '/api/v1/test-data'],
];

/** `RateLimit-Policy`, `RateLimit` and `Retry-After` of a 429 agree with each other. */
function expectConsistent429(reply: RawReply, policy: string): void {
  expect({ status: reply.status, code: reply.body.code }).toEqual({ status: 429, code: 'rate_limited' });
  const [, name, q, w] =
    /^"([a-z-]+)";q=(\d+);w=(\d+)$/.exec(reply.headers.get('RateLimit-Policy') ?? '') ?? [];
  const [, sameName, r, t] = /^"([a-z-]+)";r=(\d+);t=(\d+)$/.exec(reply.headers.get('RateLimit') ?? '') ?? [];
  const retryAfter = Number(reply.headers.get('Retry-After'));
  expect({ name, sameName, remaining: Number(r) }).toEqual({ name: policy, sameName: policy, remaining: 0 });
  expect(Number(q)).toBeGreaterThan(0);
  expect(Number(t)).toBeLessThanOrEqual(Number(w));
  expect(retryAfter).toBeGreaterThanOrEqual(Number(t));
  expect(retryAfter).toBeLessThanOrEqual(Number(w));
}

/** 429 on every rate-limited operation, by driving one client past its quota. */
export function rateLimitsSuite(c: Contract): void {
  describe('rate limits (429)', () => {
    requires(c, 'quota');
    let limited: Contract = c;
    beforeAll(async () => {
      if (c.target.withSmallLimits) limited = createContract(await c.target.withSmallLimits(), c.spec);
    });
    afterAll(() => (limited === c ? undefined : limited.target.close()));

    /** Spends what is left of the quota with `spend`, then expects 429 from every call; retries if a window rolls over. */
    async function driveToLimit(headers: Record<string, string>, spend: Call, calls: Call[], policy: string) {
      let pending = calls;
      for (let round = 0; round < 3 && pending.length > 0; round++) {
        const first = await limited.call(spend[1], { method: spend[0], headers });
        const remaining = remainingQuota(first) ?? 0;
        expect(remaining).toBeLessThan(MAX_DRIVEN_QUOTA);
        for (let i = 0; i < remaining; i++) await limited.call(spend[1], { method: spend[0], headers });
        const replies = await Promise.all(
          pending.map(([method, path, json]) =>
            limited.call(path, { method, headers: { ...MCP_HEADERS, ...headers }, json }),
          ),
        );
        for (const reply of replies) if (reply.status === 429) expectConsistent429(reply, policy);
        pending = pending.filter((_, i) => replies[i]?.status !== 429);
      }
      expect(pending, 'calls that never answered 429').toEqual([]);
    }

    test('course operations answer 429 once the key’s quota is spent, and work again after Retry-After', async () => {
      const { key, client } = await limited.newKey();
      await driveToLimit(
        { Authorization: `Bearer ${key}` },
        COURSE_CALLS[0] as Call,
        COURSE_CALLS,
        'courses',
      );
      const refused = await limited.call('/api/v1/courses', { headers: { 'X-API-Key': key } });
      const wait = Number(refused.headers.get('Retry-After') ?? 0);
      if (wait > MAX_RECOVERY_WAIT_SECONDS) {
        // A deployment's window can be a minute long: the 429 is checked, the recovery is reported.
        expectConsistent429(refused, 'courses');
        coverage.limitation(
          'recovery after Retry-After',
          `Retry-After is ${wait} s, longer than the suite waits`,
        );
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      expect((await client.courses.listPage()).data).toEqual([]);
    });

    test('a test key has a quota of its own: spending it leaves the production key of the account untouched', async () => {
      const test = await limited.newKey({ environment: 'test' });
      const prod = await limited.newKey({ subject: test.subject });
      await driveToLimit(
        { 'X-API-Key': test.key },
        COURSE_CALLS[0] as Call,
        [COURSE_CALLS[0] as Call],
        'courses-test',
      );
      const production = await limited.call('/api/v1/courses', { headers: { 'X-API-Key': prod.key } });
      expect(production.status).toBe(200);
      const quota = /^"courses";q=(\d+);w=\d+$/.exec(production.headers.get('RateLimit-Policy') ?? '')?.[1];
      expect(production.headers.get('RateLimit')).toMatch(
        new RegExp(`^"courses";r=${Number(quota) - 1};t=\\d+$`),
      );
    });

    test('key management answers 429 once the subject’s quota is spent', async () => {
      const idToken = await limited.target.issueIdToken(limited.subject());
      await driveToLimit({ Authorization: `Bearer ${idToken}` }, KEY_CALLS[0] as Call, KEY_CALLS, 'api-keys');
    });

    if (!c.target.withSmallLimits) {
      test('failed authentication is limited per client address (checked on the 429s the suite waited out)', () => {
        const paced = c.pacer?.firstPaced;
        if (paced) return expectConsistent429(paced as RawReply, FAILED_AUTH_POLICY);
        coverage.limitation(
          '429 for failed authentication',
          `${c.target.unsupported.withSmallLimits ?? 'no small-quota target'}; the server's failed-authentication budget never ran out during the run`,
        );
      });
      return;
    }
    test('failed authentication is limited per client address', async () => {
      let reply: RawReply | undefined;
      for (let i = 0; i < 20 && reply?.status !== 429; i++) {
        reply = await limited.call('/api/v1/courses', { headers: { 'X-API-Key': 'cms_prod_guess' } });
      }
      expectConsistent429(reply as RawReply, FAILED_AUTH_POLICY);
    });
  });
}
