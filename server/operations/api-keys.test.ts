import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server/harness.ts';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_MAX: '100000' });
  token = await server.idToken('alice');
});
afterAll(() => server.close());

describe('API keys', () => {
  it('creates a key in the documented format, shown once, with no-store', async () => {
    const response = await server.call('POST', '/api/v1/api-keys', {
      bearer: token,
      body: { name: 'Backend' },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body.key).toMatch(/^cms_prod_[0-9A-Za-z]{32}$/);
    expect(response.body).toMatchObject({
      name: 'Backend',
      environment: 'prod',
      // No scopes asked for: all of them (the spec's Scope enum).
      scopes: ['courses:read', 'courses:write', 'events:read', 'webhooks:write'],
      status: 'active',
      start: response.body.key.slice(0, 13),
      lastUsedAt: null,
      expiresAt: null,
      revokedAt: null,
    });
    const listed = (await server.call('GET', '/api/v1/api-keys', { bearer: token })).body.data;
    expect(listed[0]).toEqual(
      Object.fromEntries(Object.entries(response.body).filter(([name]) => name !== 'key')),
    );
    expect(JSON.stringify(listed)).not.toContain(response.body.key);
  });

  it('uses the configured prefix', async () => {
    const custom = await startTestServer({ API_KEY_PREFIX: 'acme' });
    try {
      expect(await custom.apiKey('alice')).toMatch(/^acme_prod_/);
    } finally {
      await custom.close();
    }
  });

  it('lists newest first with pagination, showing when a key was last used', async () => {
    const subject = await server.idToken('lister');
    const ids = [];
    for (let i = 0; i < 3; i++) {
      ids.push(
        (await server.call('POST', '/api/v1/api-keys', { bearer: subject, body: { name: `k${i}` } })).body,
      );
    }
    await server.call('GET', '/api/v1/courses', { bearer: ids[1].key });
    const first = await server.call('GET', '/api/v1/api-keys?limit=2', { bearer: subject });
    expect(first.body.data.map((k: { id: string }) => k.id)).toEqual([ids[2].id, ids[1].id]);
    expect(first.body.data[1].lastUsedAt).toEqual(expect.any(String));
    const second = await server.call('GET', `/api/v1/api-keys?limit=2&cursor=${first.body.nextCursor}`, {
      bearer: subject,
    });
    expect(second.body).toMatchObject({
      hasMore: false,
      nextCursor: null,
      data: [expect.objectContaining({ id: ids[0].id })],
    });
  });

  it('grants the scopes asked for', async () => {
    const response = await server.call('POST', '/api/v1/api-keys', {
      bearer: token,
      body: { name: 'r', scopes: ['courses:read'] },
    });
    expect(response.body.scopes).toEqual(['courses:read']);
    const bad = await server.call('POST', '/api/v1/api-keys', {
      bearer: token,
      body: { name: 'r', scopes: ['admin'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ location: 'body', pointer: '/scopes/0' });
  });

  it('refuses an expiry in the past or more than 366 days ahead', async () => {
    for (const expiresAt of [
      '2020-01-01T00:00:00Z',
      new Date(Date.now() + 400 * 86_400_000).toISOString(),
      'tomorrow',
    ]) {
      const response = await server.call('POST', '/api/v1/api-keys', {
        bearer: token,
        body: { name: 'e', expiresAt },
      });
      expect(response.status).toBe(400);
      expect(response.body.errors[0]).toMatchObject({ location: 'body', pointer: '/expiresAt' });
    }
  });

  it('revokes idempotently, and only the owner’s keys', async () => {
    const created = (await server.call('POST', '/api/v1/api-keys', { bearer: token, body: { name: 'x' } }))
      .body;
    const bob = await server.idToken('bob');
    expect((await server.call('DELETE', `/api/v1/api-keys/${created.id}`, { bearer: bob })).status).toBe(404);
    const first = await server.call('DELETE', `/api/v1/api-keys/${created.id}`, { bearer: token });
    const second = await server.call('DELETE', `/api/v1/api-keys/${created.id}`, { bearer: token });
    expect(first.body).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });
    expect(second.body.revokedAt).toBe(first.body.revokedAt);
    const bobList = await server.call('GET', '/api/v1/api-keys', { bearer: bob });
    expect(bobList.body.data.map((k: { id: string }) => k.id)).not.toContain(created.id);
  });

  it('lets keys of one subject share the account’s courses', async () => {
    const [a, b] = [await server.apiKey('team'), await server.apiKey('team')];
    const course = (
      await server.call('POST', '/api/v1/courses', { bearer: a, body: { name: 'Shared', description: '' } })
    ).body;
    expect((await server.call('GET', `/api/v1/courses/${course.id}`, { bearer: b })).status).toBe(200);
  });
});
