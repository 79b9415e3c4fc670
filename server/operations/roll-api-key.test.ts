import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_MAX: '100000', KEY_CREATION_LIMIT_MAX: '4' });
});
afterAll(() => server.close());

/** A new subject's ID token and one key of theirs, created with `body`. */
async function keyOf(subject: string, body: Record<string, unknown> = { name: 'Backend' }) {
  const token = await server.idToken(subject);
  const created = await server.call('POST', '/api/v1/api-keys', { bearer: token, body });
  return { token, key: created.body };
}

const roll = (token: string, keyId: string, body?: unknown, headers?: Record<string, string>) =>
  server.call('POST', `/api/v1/api-keys/${keyId}/roll`, {
    bearer: token,
    ...(body === undefined ? {} : { body }),
    ...(headers ? { headers } : {}),
  });

describe('rollApiKey', () => {
  it('201: a new key with the old one’s name, environment, scopes and lifetime; the old one expires after the window', async () => {
    const lifetimeDays = 30;
    const expiresAt = new Date(Date.now() + lifetimeDays * 86_400_000).toISOString();
    const { token, key } = await keyOf('roll-a', {
      name: 'Reporting',
      environment: 'test',
      scopes: ['courses:read'],
      expiresAt,
    });
    const before = Date.now();
    const rolled = await roll(token, key.id, { oldKeyExpiresIn: 3600 });
    expect(rolled.status).toBe(201);
    expect(rolled.headers.get('cache-control')).toBe('no-store');
    expect(rolled.body.key).toMatch(/^cms_test_[0-9A-Za-z]{32}$/);
    expect(rolled.body).toMatchObject({
      name: 'Reporting',
      environment: 'test',
      scopes: ['courses:read'],
      status: 'active',
      rolledFrom: key.id,
      rolledTo: null,
      lastUsedAt: null,
    });
    const newLifetime = Date.parse(rolled.body.expiresAt) - Date.parse(rolled.body.createdAt);
    expect(newLifetime).toBe(Date.parse(key.expiresAt) - Date.parse(key.createdAt));
    const listed = (await server.call('GET', '/api/v1/api-keys', { bearer: token })).body.data;
    const old = listed.find((k: { id: string }) => k.id === key.id);
    expect(old).toMatchObject({ status: 'active', rolledTo: rolled.body.id, rolledFrom: null });
    expect(Date.parse(old.expiresAt)).toBeGreaterThanOrEqual(before + 3600_000);
    expect(Date.parse(old.expiresAt)).toBeLessThanOrEqual(Date.now() + 3600_000);
    for (const bearer of [key.key, rolled.body.key]) {
      expect((await server.call('GET', '/api/v1/courses', { bearer })).status).toBe(200);
    }
  });

  it('201 without a body: the old key keeps working for the default 24 hours', async () => {
    const { token, key } = await keyOf('roll-default');
    const rolled = await roll(token, key.id);
    expect(rolled.status).toBe(201);
    const old = (await server.call('GET', '/api/v1/api-keys', { bearer: token })).body.data[1];
    const window = Date.parse(old.expiresAt) - Date.parse(rolled.body.createdAt);
    expect(window).toBe(86_400_000);
  });

  it('never extends an old key: one that expires before the window keeps its expiry', async () => {
    const expiresAt = new Date(Date.now() + 600_000).toISOString();
    const { token, key } = await keyOf('roll-short', { name: 'Short', expiresAt });
    expect((await roll(token, key.id, { oldKeyExpiresIn: 86_400 })).status).toBe(201);
    const old = (await server.call('GET', '/api/v1/api-keys', { bearer: token })).body.data[1];
    expect(old.expiresAt).toBe(key.expiresAt);
  });

  it('409 for a key rolled already, revoked, or expired, saying which; nothing changes', async () => {
    const { token, key } = await keyOf('roll-409');
    const first = await roll(token, key.id, { oldKeyExpiresIn: 0 });
    const again = await roll(token, key.id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'key_already_rolled', rolledTo: first.body.id });
    expect(again.body.detail).toContain(first.body.id);
    expect((await server.call('GET', '/api/v1/courses', { bearer: key.key })).body.code).toBe(
      'api_key_expired',
    );
    await server.call('DELETE', `/api/v1/api-keys/${first.body.id}`, { bearer: token });
    expect((await roll(token, first.body.id)).body.code).toBe('key_already_revoked');
    const listed = (await server.call('GET', '/api/v1/api-keys', { bearer: token })).body.data;
    expect(listed).toHaveLength(2);
  });

  it('404 for another account’s key and for an unknown one, alike', async () => {
    const { key } = await keyOf('roll-owner');
    const stranger = await server.idToken('roll-stranger');
    const other = await roll(stranger, key.id);
    const unknown = await roll(stranger, 'key_0000000000000000');
    expect([other.status, other.body.code]).toEqual([404, 'not_found']);
    expect([unknown.status, unknown.body.code]).toEqual([404, 'not_found']);
  });

  it('400 for a window outside 0 … 30 days or an unknown field', async () => {
    const { token, key } = await keyOf('roll-400');
    for (const body of [
      { oldKeyExpiresIn: -1 },
      { oldKeyExpiresIn: 2_592_001 },
      { oldKeyExpiresIn: 1.5 },
      { name: 'x' },
    ]) {
      const refused = await roll(token, key.id, body);
      expect([refused.status, refused.body.code]).toEqual([400, 'validation_failed']);
    }
    expect((await roll(token, key.id, { oldKeyExpiresIn: 2_592_000 })).status).toBe(201);
  });

  it('replays an idempotent roll with the same new key; 422 for the same Idempotency-Key on another key', async () => {
    const { token, key } = await keyOf('roll-idem');
    const other = (await server.call('POST', '/api/v1/api-keys', { bearer: token, body: { name: 'Other' } }))
      .body;
    const headers = { 'idempotency-key': 'roll-1' };
    const first = await roll(token, key.id, { oldKeyExpiresIn: 60 }, headers);
    const retry = await roll(token, key.id, { oldKeyExpiresIn: 60 }, headers);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    const elsewhere = await roll(token, other.id, { oldKeyExpiresIn: 60 }, headers);
    expect([elsewhere.status, elsewhere.body.code]).toEqual([422, 'idempotency_key_reused']);
  });

  it('429 once the key-creation quota is spent: a roll counts as a creation', async () => {
    const token = await server.idToken('roll-quota');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(
        (await server.call('POST', '/api/v1/api-keys', { bearer: token, body: { name: `k${i}` } })).body.id,
      );
    }
    const [first = '', second = ''] = ids;
    expect((await roll(token, first)).status).toBe(201);
    const limited = await roll(token, second);
    expect([limited.status, limited.body.code]).toEqual([429, 'rate_limited']);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    const listed = (await server.call('GET', '/api/v1/api-keys', { bearer: token })).body.data;
    expect(listed.find((k: { id: string }) => k.id === second).rolledTo).toBeNull();
  });

  it('401 for an API key or no credential', async () => {
    const { key } = await keyOf('roll-401');
    expect((await roll(key.key, key.id)).body.code).toBe('wrong_credential_type');
    expect((await server.call('POST', `/api/v1/api-keys/${key.id}/roll`)).body.code).toBe(
      'authentication_required',
    );
  });
});
