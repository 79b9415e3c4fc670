import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server/harness.ts';

let server: TestServer;
let key: string;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_MAX: '100000' });
  key = await server.apiKey('alice');
});
afterAll(() => server.close());

const createCourse = (idempotencyKey: string, body: unknown, bearer = key) =>
  server.call('POST', '/api/v1/courses', { bearer, body, headers: { 'idempotency-key': idempotencyKey } });

describe('Idempotency-Key', () => {
  it('replays the stored response to a retry, creating nothing new', async () => {
    const body = { name: 'Once', description: 'only once' };
    const first = await createCourse('retry-1', body);
    const retry = await createCourse('retry-1', { description: 'only once', name: 'Once' });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const list = await server.call('GET', '/api/v1/courses?limit=100', { bearer: key });
    expect(list.body.data.filter((c: { name: string }) => c.name === 'Once')).toHaveLength(1);
  });

  it('refuses the same key with a different body (422)', async () => {
    await createCourse('reuse-1', { name: 'A', description: '' });
    const response = await createCourse('reuse-1', { name: 'B', description: '' });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('idempotency_key_reused');
  });

  it('answers a concurrent duplicate with 409 and creates one course', async () => {
    const body = { name: 'Concurrent', description: '' };
    const responses = await Promise.all(Array.from({ length: 5 }, () => createCourse('race-1', body)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toContain(201);
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    const conflict = responses.find((r) => r.status === 409);
    if (conflict) expect(conflict.body.code).toBe('idempotency_request_in_progress');
    const ids = new Set(responses.filter((r) => r.status === 201).map((r) => r.body.id));
    expect(ids.size).toBe(1);
  });

  it('scopes keys to the account: another account’s same key creates its own course', async () => {
    const bob = await server.apiKey('bob');
    const mine = await createCourse('shared-key', { name: 'Mine', description: '' });
    const theirs = await createCourse('shared-key', { name: 'Mine', description: '' }, bob);
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
  });

  it('replays an API key creation with the same, working key value', async () => {
    const token = await server.idToken('alice');
    const create = () =>
      server.call('POST', '/api/v1/api-keys', {
        bearer: token,
        body: { name: 'ci' },
        headers: { 'idempotency-key': 'k-1' },
      });
    const first = await create();
    const retry = await create();
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('cache-control')).toBe('no-store');
    expect((await server.call('GET', '/api/v1/courses', { bearer: retry.body.key })).status).toBe(200);
  });

  it('refuses a malformed Idempotency-Key', async () => {
    const response = await createCourse('has spaces', { name: 'x', description: '' });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({ location: 'header', pointer: '/idempotency-key' });
  });
});
