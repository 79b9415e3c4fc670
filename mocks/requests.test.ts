// As a consumer uses the mocks: a plain msw `setupServer`, the SDK, and `mock.requests` to assert on
// what the code under test sent.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APIConnectionError, createCourseClient } from '../sdk/index.ts';
import { createCourseServiceMock, mockApiKey } from './index.ts';
import { MAX_RECORDED_REQUESTS } from './request-log.ts';

const apiKey = mockApiKey('requests');
const mock = createCourseServiceMock({ baseUrl: 'http://requests.test/service', apiKeys: [{ key: apiKey }] });
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mock.reset());
afterAll(() => server.close());

const client = createCourseClient({ baseUrl: mock.baseUrl, apiKey, maxRetries: 0 });

describe('mock.requests', () => {
  it('records each answered request: operation, method, path, query, headers, parsed body, status', async () => {
    await client.courses.create({ name: 'Recorded', description: 'by the mock' }, { idempotencyKey: 'k-1' });
    await client.courses.listPage({ limit: 5, status: 'draft' });
    const [create, list, ...rest] = mock.requests.all();
    expect(rest).toEqual([]);
    expect(create).toEqual({
      operationId: 'createCourse',
      method: 'POST',
      path: '/api/v1/courses',
      query: {},
      headers: expect.objectContaining({
        authorization: 'Bearer [redacted]',
        'idempotency-key': 'k-1',
        'content-type': 'application/json',
      }),
      body: { name: 'Recorded', description: 'by the mock' },
      status: 201,
    });
    expect(list).toMatchObject({
      operationId: 'listCourses',
      method: 'GET',
      query: { limit: '5', status: 'draft' },
      body: undefined,
      status: 200,
    });
  });

  it('redacts every credential (Authorization, X-API-Key, cookies) and keeps the other headers', async () => {
    const apiKeyHeader = createCourseClient({ baseUrl: mock.baseUrl, apiKey, apiKeyHeader: true });
    await apiKeyHeader.courses.listPage();
    await fetch(`${mock.baseUrl}/api/v1/courses`, {
      headers: { Authorization: `Basic ${btoa('user:secret')}`, Cookie: 'session=secret', 'X-Trace': 't-1' },
    });
    await fetch(`${mock.baseUrl}/api/v1/courses`, { headers: { Authorization: apiKey } });
    const [byHeader, basic, bare] = mock.requests.all();
    expect(byHeader?.headers).toMatchObject({ 'x-api-key': '[redacted]' });
    expect(basic?.headers).toMatchObject({
      authorization: 'Basic [redacted]',
      cookie: '[redacted]',
      'x-trace': 't-1',
    });
    expect([basic?.status, bare?.headers.authorization]).toEqual([401, '[redacted]']);
    const recorded = JSON.stringify(mock.requests.all());
    for (const secret of [apiKey, 'session=secret', btoa('user:secret')])
      expect(recorded).not.toContain(secret);
  });

  it('finds and filters by fields or by a predicate', async () => {
    const { id } = await client.courses.create({ name: 'One', description: '' });
    await client.courses.publish(id);
    await client.courses.get(id);
    await client.courses.get('crs_0000000000000000').catch(() => undefined);
    expect(mock.requests.find({ operationId: 'publishCourse' })?.path).toBe(`/api/v1/courses/${id}/publish`);
    expect(mock.requests.filter({ operationId: 'getCourse' }).map((r) => r.status)).toEqual([200, 404]);
    expect(mock.requests.find({ method: 'GET', status: 404 })?.operationId).toBe('getCourse');
    expect(mock.requests.filter((r) => r.method !== 'GET').map((r) => r.operationId)).toEqual([
      'createCourse',
      'publishCourse',
    ]);
    expect(mock.requests.find({ operationId: 'deleteCourse' })).toBeUndefined();
  });

  it('waits for a request sent later, or finds one already answered', async () => {
    const waiting = mock.requests.waitFor({ operationId: 'createCourse' }, { timeout: 5_000 });
    setTimeout(() => void client.courses.create({ name: 'Later', description: '' }), 20);
    expect((await waiting).body).toEqual({ name: 'Later', description: '' });
    const again = await mock.requests.waitFor((r) => r.status === 201);
    expect(again.operationId).toBe('createCourse');
  });

  it('gives up after the timeout, naming what it received instead', async () => {
    await client.courses.listPage();
    await expect(mock.requests.waitFor({ operationId: 'deleteCourse' }, { timeout: 50 })).rejects.toThrow(
      'No request matching {"operationId":"deleteCourse"} within 50 ms; received: GET /api/v1/courses (listCourses) 200.',
    );
  });

  it('records forced answers, a dropped connection without a status, and paths the API does not have', async () => {
    mock.scenario('listCourses').unavailable({ times: 1 }).networkError({ times: 1 });
    await client.courses.listPage().catch(() => undefined);
    await expect(client.courses.listPage()).rejects.toBeInstanceOf(APIConnectionError);
    await fetch(`${mock.baseUrl}/nowhere?x=1`, { method: 'POST', body: 'plain text' });
    expect(
      mock.requests.all().map(({ operationId, path, status, body }) => [operationId, path, status, body]),
    ).toEqual([
      ['listCourses', '/api/v1/courses', 503, undefined],
      ['listCourses', '/api/v1/courses', undefined, undefined],
      [undefined, '/nowhere', 404, undefined],
    ]);
  });

  it('redacts credentials in the query and Proxy-Authorization, and keeps no body of a path the API lacks', async () => {
    await fetch(
      `${mock.baseUrl}/oauth/token?Access_Token=leak-at&api_key=leak-k1&APIKEY=leak-k2&token=t&keep=yes`,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'Proxy-Authorization': `Basic ${btoa('proxy:secret')}`,
        },
        body: 'grant_type=client_credentials&client_secret=s3cret&password=p4ss',
      },
    );
    await fetch(`${mock.baseUrl}/api/v1/courses?limit=2&id_token=i&client_secret=c&password=p`, {
      headers: { Authorization: `Bearer ${apiKey}` },
    });
    const [form, list] = mock.requests.all();
    expect(form).toMatchObject({
      operationId: undefined,
      query: {
        Access_Token: '[redacted]',
        api_key: '[redacted]',
        APIKEY: '[redacted]',
        token: '[redacted]',
        keep: 'yes',
      },
      body: undefined,
    });
    expect(form?.headers['proxy-authorization']).toBe('[redacted]');
    expect(list?.query).toEqual({
      limit: '2',
      id_token: '[redacted]',
      client_secret: '[redacted]',
      password: '[redacted]',
    });
    expect(JSON.stringify(mock.requests.all())).not.toMatch(/s3cret|p4ss|leak-/);
  });

  it('keeps the latest requests only, and no body larger than the mock takes', async () => {
    const big = {
      method: 'POST',
      body: `"${'x'.repeat(70_000)}"`,
      headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
    };
    await fetch(`${mock.baseUrl}/api/v1/courses`, big);
    for (let i = 0; i < MAX_RECORDED_REQUESTS; i += 1) await fetch(`${mock.baseUrl}/healthz?i=${i}`);
    const all = mock.requests.all();
    expect(all.length).toBe(MAX_RECORDED_REQUESTS);
    expect(all[0]?.query).toEqual({ i: '0' });
    mock.reset();
    await fetch(`${mock.baseUrl}/api/v1/courses`, big);
    expect(mock.requests.all().map((r) => [r.status, r.body])).toEqual([[413, undefined]]);
  });

  it('takes only the spec’s operationIds (a typo does not compile)', () => {
    // @ts-expect-error: 'createCourses' is no operation of the spec.
    expect(mock.requests.find({ operationId: 'createCourses' })).toBeUndefined();
  });

  it('forgets every request on reset()', async () => {
    await client.courses.listPage();
    mock.reset();
    expect(mock.requests.all()).toEqual([]);
  });
});
