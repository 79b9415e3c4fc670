import { describe, expect, test } from 'vitest';
import { expectProblem, expectRawProblem, MISSING_COURSE_ID, MISSING_KEY_ID } from '../assertions.ts';
import type { Contract } from '../contract.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `rollApiKey` (the new key, the old key's grace window, every refusal), `listApiKeyEvents`, `getApiKeyUsage`. */
export function keyRollSuite(c: Contract): void {
  describe('rolling api keys', () => {
    test('a roll makes a new key like the old one; both work for the window, then only the new one', async () => {
      const { client: oldClient, id, idToken } = await c.newKey({ scopes: ['courses:read'] });
      const admin = c.client({ idToken });
      const rolledAt = Date.now();
      const { data: next, response } = await admin.apiKeys.roll(id, { oldKeyExpiresIn: 2 }).withResponse();
      expect(response.status).toBe(201);
      expect(response.headers.get('Cache-Control')).toBe('no-store');
      expect(next).toMatchObject({
        name: 'contract test',
        environment: 'prod',
        scopes: ['courses:read'],
        status: 'active',
        rolledFrom: id,
        rolledTo: null,
        expiresAt: null,
      });
      expect(next.key.startsWith(next.start)).toBe(true);
      const newClient = c.client({ apiKey: next.key });
      await oldClient.courses.listPage();
      await newClient.courses.listPage();
      const listed = (await admin.apiKeys.listPage()).data;
      expect(listed.map((key) => key.id)).toEqual([next.id, id]);
      const old = listed[1];
      expect(old).toMatchObject({ status: 'active', rolledTo: next.id, rolledFrom: null });
      expect(Date.parse(old?.expiresAt ?? '')).toBeGreaterThanOrEqual(rolledAt);
      expect(Date.parse(old?.expiresAt ?? '')).toBeLessThanOrEqual(Date.now() + 2_000);
      await pause(Date.parse(old?.expiresAt ?? '') - Date.now() + 500);
      await expectProblem(oldClient.courses.listPage(), 401, 'api_key_expired');
      expect((await newClient.courses.listPage()).data).toEqual([]);
      expect((await admin.apiKeys.listPage()).data[1]).toMatchObject({ id, status: 'expired' });
    });

    test('409 for a key rolled already (naming its successor), revoked or expired; 404 for another account’s', async () => {
      const { id, idToken } = await c.newKey();
      const admin = c.client({ idToken });
      const next = await admin.apiKeys.roll(id);
      const again = await expectProblem(admin.apiKeys.roll(id), 409, 'key_already_rolled');
      expect(again.problem?.rolledTo).toBe(next.id);
      await admin.apiKeys.revoke(next.id);
      await expectProblem(admin.apiKeys.roll(next.id), 409, 'key_already_revoked');
      const stopped = await admin.apiKeys.create({ name: 'stopped' });
      await admin.apiKeys.roll(stopped.id, { oldKeyExpiresIn: 0 });
      await expectProblem(admin.apiKeys.roll(stopped.id), 409, 'key_already_rolled');
      const stranger = c.client({ idToken: await c.target.issueIdToken(c.subject()) });
      await expectProblem(stranger.apiKeys.roll(id), 404, 'not_found');
      await expectProblem(admin.apiKeys.roll(MISSING_KEY_ID), 404, 'not_found');
    });

    test('a roll with oldKeyExpiresIn 0 stops the old key at once', async () => {
      const { client, id, idToken } = await c.newKey();
      await c.client({ idToken }).apiKeys.roll(id, { oldKeyExpiresIn: 0 });
      await expectProblem(client.courses.listPage(), 401, 'api_key_expired');
      await expectProblem(c.client({ idToken }).apiKeys.roll(id), 409, 'key_already_rolled');
    });

    test('an idempotent retry of a roll returns the same new key, value included', async () => {
      const { id, idToken } = await c.newKey();
      const admin = c.client({ idToken });
      const idempotencyKey = crypto.randomUUID();
      const first = await admin.apiKeys.roll(id, { oldKeyExpiresIn: 60 }, { idempotencyKey });
      const retry = await admin.apiKeys.roll(id, { oldKeyExpiresIn: 60 }, { idempotencyKey }).withResponse();
      expect(retry.data).toEqual(first);
      expect(retry.response.headers.get('Idempotent-Replayed')).toBe('true');
      await expectProblem(
        admin.apiKeys.roll(id, { oldKeyExpiresIn: 61 }, { idempotencyKey }),
        422,
        'idempotency_key_reused',
      );
    });

    test('a key’s history: created, rolled, revoked, newest first, each with its actor and request id', async () => {
      const { id, idToken, subject } = await c.newKey();
      const admin = c.client({ idToken });
      const next = await admin.apiKeys.roll(id, { oldKeyExpiresIn: 60 });
      const { response } = await admin.apiKeys.revoke(id).withResponse();
      const history = [];
      for await (const event of admin.apiKeys.events(id, { limit: 1 })) history.push(event);
      expect(history.map((event) => [event.type, event.relatedKeyId])).toEqual([
        ['revoked', null],
        ['rolled_to', next.id],
        ['created', null],
      ]);
      for (const event of history) expect(event.actor).toEqual({ type: 'user', subject });
      expect(history[0]?.requestId).toBe(response.headers.get('X-Request-Id'));
      const successor = (await admin.apiKeys.eventsPage(next.id)).data;
      expect(successor).toEqual([expect.objectContaining({ type: 'rolled_from', relatedKeyId: id })]);
      const stranger = c.client({ idToken: await c.target.issueIdToken(c.subject()) });
      await expectProblem(stranger.apiKeys.eventsPage(id), 404, 'not_found');
    });

    test('an expired key’s history records the expiry, by the service, at expiresAt', async () => {
      const expiresAt = new Date(Date.now() + 1_500).toISOString();
      const { id, idToken } = await c.newKey({ expiresAt });
      const admin = c.client({ idToken });
      const [key] = (await admin.apiKeys.listPage()).data;
      await pause(Date.parse(expiresAt) - Date.now() + 300);
      const history = (await admin.apiKeys.eventsPage(id)).data;
      expect(history.map((event) => event.type)).toEqual(['expired', 'created']);
      expect(history[0]).toEqual({
        type: 'expired',
        at: key?.expiresAt,
        actor: { type: 'service', subject: null },
        requestId: null,
        relatedKeyId: null,
      });
    });

    test('a key’s usage counts its requests by outcome, per day and hour, and says where it was used from', async () => {
      const { id, idToken, client } = await c.newKey({ scopes: ['courses:read'] });
      await client.courses.listPage();
      await client.courses.listPage();
      await expectProblem(client.courses.create({ name: 'No', description: '' }), 403, 'insufficient_scope');
      await expectProblem(client.courses.get(MISSING_COURSE_ID), 404, 'not_found');
      const admin = c.client({ idToken });
      const daily = await admin.apiKeys.usage(id);
      expect(daily.granularity).toBe('day');
      const sum = (data: typeof daily.data, outcome: 'success' | 'forbidden' | 'clientError') =>
        data.reduce((total, bucket) => total + bucket[outcome], 0);
      expect([
        sum(daily.data, 'success'),
        sum(daily.data, 'forbidden'),
        sum(daily.data, 'clientError'),
      ]).toEqual([2, 1, 1]);
      expect(daily.lastUsedFrom?.address).toEqual(expect.any(String));
      const hourly = await admin.apiKeys.usage(id, { granularity: 'hour' });
      expect(sum(hourly.data, 'success')).toBe(2);
      for (const bucket of hourly.data) expect(Date.parse(bucket.start) % 3_600_000).toBe(0);
      const backwards = { from: '2026-02-02T00:00:00Z', to: '2026-02-01T00:00:00Z' };
      await expectProblem(admin.apiKeys.usage(id, backwards), 400, 'validation_failed');
    });

    const badRolls: Array<[string, unknown]> = [
      ['a negative window', { oldKeyExpiresIn: -1 }],
      ['a window over 30 days', { oldKeyExpiresIn: 2_592_001 }],
      ['a window that is not whole seconds', { oldKeyExpiresIn: 1.5 }],
      ['a window given as text', { oldKeyExpiresIn: '3600' }],
      ['an unknown field', { name: 'renamed' }],
    ];
    test.each(badRolls)('rollApiKey answers 400 for %s, and the key stays as it was', async (_kind, json) => {
      const { id, idToken, client } = await c.newKey();
      const headers = { Authorization: `Bearer ${idToken}` };
      expectRawProblem(
        await c.call(`/api/v1/api-keys/${id}/roll`, { method: 'POST', headers, json }),
        400,
        'validation_failed',
      );
      expect((await client.courses.listPage()).data).toEqual([]);
      expect((await c.client({ idToken }).apiKeys.listPage()).data).toHaveLength(1);
    });
  });
}
