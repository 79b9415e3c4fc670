import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_MAX: '100000' });
});
afterAll(() => server.close());

const BODY = { name: 'Sandboxed', description: 'Made with one key' };

/** A production and a test key of one new account. */
async function keysOf(subject: string) {
  return {
    prod: await server.apiKey(subject),
    test: await server.apiKey(subject, { name: 'sandbox', environment: 'test' }),
  };
}

async function createCourse(key: string) {
  const response = await server.call('POST', '/api/v1/courses', { bearer: key, body: BODY });
  expect(response.status).toBe(201);
  return response.body as { id: string; environment: string };
}

/** Every way to reach one course by id; each must answer 404 from the other environment. */
const BY_ID: Array<[method: string, suffix: string, body?: unknown]> = [
  ['GET', ''],
  ['PATCH', '', { name: 'Taken over' }],
  ['POST', '/publish'],
  ['POST', '/archive'],
  ['POST', '/restore'],
  ['DELETE', ''],
];

describe('test-environment keys', () => {
  it('are created on request, carry the environment in their value and record, and filter the list', async () => {
    const token = await server.idToken('env-keys');
    const created = await server.call('POST', '/api/v1/api-keys', {
      bearer: token,
      body: { name: 'CI', environment: 'test' },
    });
    expect(created.status).toBe(201);
    expect(created.body.key).toMatch(/^cms_test_[0-9A-Za-z]{32}$/);
    expect(created.body).toMatchObject({ environment: 'test', start: created.body.key.slice(0, 13) });
    const prod = await server.call('POST', '/api/v1/api-keys', { bearer: token, body: { name: 'app' } });
    expect(prod.body).toMatchObject({ environment: 'prod' });

    const only = async (environment: string) =>
      (
        await server.call('GET', `/api/v1/api-keys?environment=${environment}`, { bearer: token })
      ).body.data.map((key: { id: string }) => key.id);
    expect(await only('test')).toEqual([created.body.id]);
    expect(await only('prod')).toEqual([prod.body.id]);
    const bad = await server.call('GET', '/api/v1/api-keys?environment=staging', { bearer: token });
    expect({ status: bad.status, code: bad.body.code }).toEqual({ status: 400, code: 'validation_failed' });
  });

  it('see only their own environment: list, get, update, lifecycle and delete across it answer 404', async () => {
    const keys = await keysOf('env-isolation');
    const prodCourse = await createCourse(keys.prod);
    const testCourse = await createCourse(keys.test);
    expect(prodCourse.environment).toBe('prod');
    expect(testCourse.environment).toBe('test');

    const ids = async (key: string) =>
      (await server.call('GET', '/api/v1/courses', { bearer: key })).body.data.map(
        (c: { id: string }) => c.id,
      );
    expect(await ids(keys.test)).toEqual([testCourse.id]);
    expect(await ids(keys.prod)).toEqual([prodCourse.id]);

    for (const [key, foreign] of [
      [keys.test, prodCourse.id],
      [keys.prod, testCourse.id],
    ] as const) {
      for (const [method, suffix, body] of BY_ID) {
        const reply = await server.call(method, `/api/v1/courses/${foreign}${suffix}`, { bearer: key, body });
        expect({ call: `${method} ${suffix}`, status: reply.status, code: reply.body.code }).toEqual({
          call: `${method} ${suffix}`,
          status: 404,
          code: 'not_found',
        });
      }
    }
    // Untouched by all of that.
    const prodNow = await server.call('GET', `/api/v1/courses/${prodCourse.id}`, { bearer: keys.prod });
    expect(prodNow.body).toEqual(prodCourse);
  });

  it('say which environment answered, on successes and errors alike', async () => {
    const keys = await keysOf('env-header');
    const testCourse = await createCourse(keys.test);
    const ok = await server.call('GET', `/api/v1/courses/${testCourse.id}`, { bearer: keys.test });
    expect(ok.headers.get('course-environment')).toBe('test');
    const missing = await server.call('GET', `/api/v1/courses/${testCourse.id}`, { bearer: keys.prod });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('course-environment')).toBe('prod');
    const unauthenticated = await server.call('GET', '/api/v1/courses');
    expect(unauthenticated.headers.get('course-environment')).toBeNull();
  });

  it('have a rate-limit policy and bucket of their own', async () => {
    const limited = await startTestServer({ RATE_LIMIT_MAX: '3' });
    try {
      const prod = await limited.apiKey('env-limits');
      const test = await limited.apiKey('env-limits', { name: 'sandbox', environment: 'test' });
      for (let i = 0; i < 3; i++) await limited.call('GET', '/api/v1/courses', { bearer: test });
      const refused = await limited.call('GET', '/api/v1/courses', { bearer: test });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('ratelimit-policy')).toBe('"courses-test";q=3;w=60');
      const production = await limited.call('GET', '/api/v1/courses', { bearer: prod });
      expect(production.status).toBe(200);
      expect(production.headers.get('ratelimit')).toMatch(/^"courses";r=2;t=\d+$/);
    } finally {
      await limited.close();
    }
  });

  it('name an unknown environment in a key-shaped value, and refuse it', async () => {
    const real = await server.apiKey('env-staging');
    const staging = real.replace('_prod_', '_staging_');
    const reply = await server.call('GET', '/api/v1/courses', { bearer: staging });
    expect({ status: reply.status, code: reply.body.code }).toEqual({ status: 401, code: 'invalid_api_key' });
    expect(reply.body.detail).toContain("unknown environment 'staging'");
  });
});

describe('resetting test data', () => {
  it("deletes every test course of the caller's account and nothing else", async () => {
    const mine = await keysOf('reset-mine');
    const theirs = await keysOf('reset-theirs');
    const keep = await createCourse(mine.prod);
    await createCourse(mine.test);
    const published = await createCourse(mine.test);
    await server.call('POST', `/api/v1/courses/${published.id}/publish`, { bearer: mine.test });
    const theirTest = await createCourse(theirs.test);

    const token = await server.idToken('reset-mine');
    const reset = await server.call('DELETE', '/api/v1/test-data', { bearer: token });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ environment: 'test', deletedCourses: 2 });
    expect(reset.headers.get('ratelimit-policy')).toMatch(/^"api-keys";/);

    const list = async (key: string) =>
      (await server.call('GET', '/api/v1/courses', { bearer: key })).body.data;
    expect(await list(mine.test)).toEqual([]);
    expect(await list(mine.prod)).toEqual([keep]);
    expect((await list(theirs.test)).map((c: { id: string }) => c.id)).toEqual([theirTest.id]);
    // The keys survive: the sandbox is empty, not gone.
    expect((await server.call('GET', '/api/v1/courses', { bearer: mine.test })).status).toBe(200);
    expect((await server.call('DELETE', '/api/v1/test-data', { bearer: token })).body.deletedCourses).toBe(0);
  });

  it('is never reachable with an API key, test or production', async () => {
    const keys = await keysOf('reset-with-key');
    await createCourse(keys.test);
    for (const key of [keys.test, keys.prod]) {
      for (const headers of [{ authorization: `Bearer ${key}` }, { 'x-api-key': key }] as Record<
        string,
        string
      >[]) {
        const reply = await server.call('DELETE', '/api/v1/test-data', { headers });
        expect({ status: reply.status, code: reply.body.code }).toEqual({
          status: 401,
          code: 'wrong_credential_type',
        });
      }
    }
    expect((await server.call('GET', '/api/v1/courses', { bearer: keys.test })).body.data).toHaveLength(1);
  });
});
