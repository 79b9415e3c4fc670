import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_MAX: '100000' });
});
afterAll(() => server.close());

const events = (token: string, keyId: string, query = '') =>
  server.call('GET', `/api/v1/api-keys/${keyId}/events${query}`, { bearer: token });

describe('listApiKeyEvents', () => {
  it('200: created, rolled and revoked, newest first, each with its actor and request id', async () => {
    const token = await server.idToken('history');
    const created = await server.call('POST', '/api/v1/api-keys', {
      bearer: token,
      body: { name: 'Audited' },
      headers: { 'x-request-id': 'create-request-1' },
    });
    const rolled = await server.call('POST', `/api/v1/api-keys/${created.body.id}/roll`, {
      bearer: token,
      body: { oldKeyExpiresIn: 60 },
    });
    const revoked = await server.call('DELETE', `/api/v1/api-keys/${created.body.id}`, { bearer: token });
    const history = await events(token, created.body.id);
    expect(history.status).toBe(200);
    const user = { type: 'user', subject: 'history' };
    expect(history.body).toEqual({
      data: [
        {
          type: 'revoked',
          at: revoked.body.revokedAt,
          actor: user,
          requestId: revoked.headers.get('x-request-id'),
          relatedKeyId: null,
        },
        {
          type: 'rolled_to',
          at: rolled.body.createdAt,
          actor: user,
          requestId: rolled.headers.get('x-request-id'),
          relatedKeyId: rolled.body.id,
        },
        {
          type: 'created',
          at: created.body.createdAt,
          actor: user,
          requestId: 'create-request-1',
          relatedKeyId: null,
        },
      ],
      hasMore: false,
      nextCursor: null,
    });
    const successor = await events(token, rolled.body.id);
    expect(successor.body.data).toEqual([
      expect.objectContaining({ type: 'rolled_from', relatedKeyId: created.body.id }),
    ]);
  });

  it('pages with a cursor, newest first', async () => {
    const token = await server.idToken('history-pages');
    const key = (await server.call('POST', '/api/v1/api-keys', { bearer: token, body: { name: 'Paged' } }))
      .body;
    await server.call('DELETE', `/api/v1/api-keys/${key.id}`, { bearer: token });
    const first = await events(token, key.id, '?limit=1');
    expect(first.body).toMatchObject({ data: [{ type: 'revoked' }], hasMore: true });
    const second = await events(token, key.id, `?limit=1&cursor=${first.body.nextCursor}`);
    expect(second.body).toMatchObject({ data: [{ type: 'created' }], hasMore: false, nextCursor: null });
  });

  it('records an expiry (by the service, at expiresAt) once it is read, before a later revocation', async () => {
    const token = await server.idToken('history-expiry');
    const expiresAt = new Date(Date.now() + 1_000).toISOString();
    const key = (
      await server.call('POST', '/api/v1/api-keys', { bearer: token, body: { name: 'Brief', expiresAt } })
    ).body;
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await server.call('DELETE', `/api/v1/api-keys/${key.id}`, { bearer: token });
    const history = (await events(token, key.id)).body.data;
    expect(history.map((event: { type: string }) => event.type)).toEqual(['revoked', 'expired', 'created']);
    expect(history[1]).toEqual({
      type: 'expired',
      at: key.expiresAt,
      actor: { type: 'service', subject: null },
      requestId: null,
      relatedKeyId: null,
    });
    expect((await events(token, key.id)).body.data).toHaveLength(3);
  });

  it('404 for another account’s key and an unknown one, alike; 400 for a cursor never issued', async () => {
    const owner = await server.idToken('history-owner');
    const key = (await server.call('POST', '/api/v1/api-keys', { bearer: owner, body: { name: 'Mine' } }))
      .body;
    const stranger = await server.idToken('history-stranger');
    expect((await events(stranger, key.id)).body.code).toBe('not_found');
    expect((await events(stranger, 'key_0000000000000000')).body.code).toBe('not_found');
    expect((await events(owner, key.id, '?cursor=bm90LWEtY3Vyc29y')).body.code).toBe('invalid_cursor');
  });
});
