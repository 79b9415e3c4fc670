import { generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fleet, startFleet } from '../../test-support/server/fleet.ts';

// A secret scanner's key pair; its public key is published to both instances (a data: URL).
const scanner = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const published = {
  public_keys: [
    { key_identifier: 'fleet-scanner', key: scanner.publicKey.export({ type: 'spki', format: 'pem' }) },
  ],
};

// Two real server processes on one PostgreSQL database and one Redis.
let fleet: Fleet;
beforeAll(async () => {
  fleet = await startFleet(2, {
    RATE_LIMIT_MAX: '12',
    RATE_LIMIT_WINDOW_SECONDS: '60',
    SECRET_SCANNING_KEYS_URL: `data:application/json,${encodeURIComponent(JSON.stringify(published))}`,
  });
});
afterAll(() => fleet.stop());

describe('two instances on one database and one Redis', () => {
  it('refuses on B, at the very next request, a key revoked through A', async () => {
    const { key, id } = await fleet.apiKey(0, 'rev');
    expect((await fleet.call(1, 'GET', '/api/v1/courses', { bearer: key })).status).toBe(200);
    const revoked = await fleet.call(0, 'DELETE', `/api/v1/api-keys/${id}`, {
      bearer: await fleet.idToken(0, 'rev'),
    });
    expect(revoked.status).toBe(200);
    const refused = await fleet.call(1, 'GET', '/api/v1/courses', { bearer: key });
    expect(refused.status).toBe(401);
  });

  it('keeps a key rolled through A working on both instances for its window, then refuses it on both', async () => {
    const { key, id } = await fleet.apiKey(0, 'roller');
    const idToken = await fleet.idToken(0, 'roller');
    const roll = (i: number, keyId: string) =>
      fleet.call(i, 'POST', `/api/v1/api-keys/${keyId}/roll`, {
        bearer: idToken,
        body: { oldKeyExpiresIn: 2 },
      });
    const rolled = await roll(0, id);
    expect(rolled.status).toBe(201);
    const statuses = async (bearer: string) =>
      Promise.all(
        [0, 1].map(async (i) => (await fleet.call(i, 'GET', '/api/v1/courses', { bearer })).status),
      );
    expect([...(await statuses(key)), ...(await statuses(rolled.body.key))]).toEqual([200, 200, 200, 200]);
    // A second roll of the same key, on B, is refused: the first one's mark is in the shared row.
    expect((await roll(1, id)).body.code).toBe('key_already_rolled');
    const listed = await fleet.call(1, 'GET', '/api/v1/api-keys', { bearer: idToken });
    const old = listed.body.data.find((k: { id: string }) => k.id === id);
    expect(old).toMatchObject({ rolledTo: rolled.body.id, status: 'active' });
    await new Promise((resolve) => setTimeout(resolve, Date.parse(old.expiresAt) - Date.now() + 500));
    expect(await statuses(key)).toEqual([401, 401]);
    expect(await statuses(rolled.body.key)).toEqual([200, 200]);
  });

  it('lets one of two rolls racing on both instances win', async () => {
    const { id } = await fleet.apiKey(0, 'race-roller');
    const idToken = await fleet.idToken(0, 'race-roller');
    const racing = await Promise.all(
      [0, 1, 0, 1].map((i) =>
        fleet.call(i, 'POST', `/api/v1/api-keys/${id}/roll`, { bearer: idToken, body: {} }),
      ),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const listed = await fleet.call(1, 'GET', '/api/v1/api-keys', { bearer: idToken });
    expect(listed.body.data).toHaveLength(2);
  });

  it('refuses on B, at the very next request, a key a signed leak report revoked through A', async () => {
    const { key } = await fleet.apiKey(0, 'leaked');
    expect((await fleet.call(1, 'GET', '/api/v1/courses', { bearer: key })).status).toBe(200);
    const items = [{ token: key, type: 'course_service_api_key' }];
    const signature = sign('sha256', Buffer.from(JSON.stringify(items)), scanner.privateKey).toString(
      'base64',
    );
    const answer = await fleet.call(0, 'POST', '/api/v1/secret-scanning/reports', {
      body: items,
      headers: { 'github-public-key-identifier': 'fleet-scanner', 'github-public-key-signature': signature },
    });
    expect(answer.body).toEqual([
      { token_raw: key, token_type: 'course_service_api_key', label: 'true_positive' },
    ]);
    expect((await fleet.call(1, 'GET', '/api/v1/courses', { bearer: key })).body.code).toBe(
      'api_key_revoked',
    );
  });

  it('lists on B, at once, a course created on A', async () => {
    const { key } = await fleet.apiKey(0, 'lister');
    const created = await fleet.call(0, 'POST', '/api/v1/courses', {
      bearer: key,
      body: { name: 'Made on A', description: '' },
    });
    expect(created.status).toBe(201);
    const listed = await fleet.call(1, 'GET', '/api/v1/courses', { bearer: key });
    expect(listed.body.data.map((c: { id: string }) => c.id)).toEqual([created.body.id]);
  });

  it('replays on B an idempotent create first answered by A, and lets one of racing duplicates win', async () => {
    const { key } = await fleet.apiKey(0, 'idem');
    const body = { name: 'Once', description: 'across instances' };
    const send = (i: number, idempotencyKey: string) =>
      fleet.call(i, 'POST', '/api/v1/courses', {
        bearer: key,
        body,
        headers: { 'idempotency-key': idempotencyKey },
      });
    const first = await send(0, 'retry-1');
    const retry = await send(1, 'retry-1');
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');

    const racing = await Promise.all(Array.from({ length: 6 }, (_, i) => send(i, 'race-1')));
    const created = racing.filter((r) => r.status === 201);
    expect(racing.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(new Set(created.map((r) => r.body.id)).size).toBe(1);
    const listed = await fleet.call(1, 'GET', '/api/v1/courses?limit=100', { bearer: key });
    expect(listed.body.data.filter((c: { name: string }) => c.name === 'Once')).toHaveLength(2);
  });

  it('shares one rate limit: requests split across both instances hit 429 at the same total', async () => {
    const { key } = await fleet.apiKey(0, 'limited');
    const statuses: number[] = [];
    const remaining: string[] = [];
    for (let i = 0; i < 14; i++) {
      const response = await fleet.call(i, 'GET', '/api/v1/courses', { bearer: key });
      statuses.push(response.status);
      remaining.push(/r=(\d+)/.exec(response.headers.get('ratelimit') ?? '')?.[1] ?? '');
    }
    expect(statuses).toEqual([...Array(12).fill(200), 429, 429]);
    // The headers speak for the fleet: one count down across both instances.
    expect(remaining.slice(0, 12)).toEqual(['11', '10', '9', '8', '7', '6', '5', '4', '3', '2', '1', '0']);
  });

  it('reports both dependencies up on each instance', async () => {
    for (const i of [0, 1]) {
      const health = await fleet.call(i, 'GET', '/healthz');
      expect(health.status).toBe(200);
      expect(health.body.checks).toEqual({ database: { status: 'up' }, redis: { status: 'up' } });
    }
  });
});
