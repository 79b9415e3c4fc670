import { describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  ConflictError,
  createCourseClient,
  InternalServerError,
  RateLimitError,
} from '../sdk/index.ts';
import { useCourseServiceMock } from '../test-support/mocks/mock-server.ts';
import { mockApiKey } from './index.ts';

const key = mockApiKey('scenarios');
const mock = useCourseServiceMock({ apiKeys: [{ key }], rateLimit: { max: 3, windowSeconds: 30 } });
const client = createCourseClient({ baseUrl: mock.baseUrl, apiKey: key, maxRetries: 0 });
const course = { name: 'Scenario', description: '' };

describe('scenario controls', () => {
  it('forces any problem the operation documents, such as the new key errors, and refuses others', async () => {
    const admin = createCourseClient({
      baseUrl: mock.baseUrl,
      idToken: mock.idToken('scenario-admin'),
      maxRetries: 0,
    });
    const { id } = await admin.apiKeys.create({ name: 'Forced' });
    for (const code of ['key_already_rolled', 'key_already_revoked', 'key_already_expired'] as const) {
      mock.scenario('rollApiKey').problem(code, { times: 1 });
      const error = await admin.apiKeys.roll(id).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConflictError);
      expect((error as ConflictError).code).toBe(code);
    }
    expect((await admin.apiKeys.roll(id)).rolledFrom).toBe(id);
    expect(() => mock.scenario('listApiKeyEvents').problem('key_already_rolled')).toThrow(
      'listApiKeyEvents does not document a 409 error',
    );
  });

  it('forces a 429 with Retry-After and retry-after-ms for the next call only', async () => {
    mock.scenario('createCourse').rateLimited({ retryAfter: 2, times: 1 });
    const error = await client.courses.create(course).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).headers.get('Retry-After')).toBe('2');
    expect((error as RateLimitError).headers.get('retry-after-ms')).toBe('2000');
    expect((error as RateLimitError).headers.get('RateLimit')).toBe('"courses";r=0;t=2');
    expect((await client.courses.create(course)).status).toBe('draft');
  });

  it('forces 500s and network errors until cleared, in the order they were set', async () => {
    mock.scenario('listCourses').serverError({ times: 1 }).networkError();
    await expect(client.courses.listPage()).rejects.toBeInstanceOf(InternalServerError);
    await expect(client.courses.listPage()).rejects.toBeInstanceOf(APIConnectionError);
    await expect(client.courses.listPage()).rejects.toBeInstanceOf(APIConnectionError);
    mock.scenario('listCourses').clear();
    expect((await client.courses.listPage()).data).toEqual([]);
  });

  it('forces a 503 service_unavailable with Retry-After and retry-after-ms, as during an outage', async () => {
    mock.scenario('listCourses').unavailable({ retryAfter: 3, times: 1 });
    const error = (await client.courses.listPage().catch((e: unknown) => e)) as InternalServerError;
    expect(error).toBeInstanceOf(InternalServerError);
    expect([
      error.status,
      error.code,
      error.headers.get('Retry-After'),
      error.headers.get('retry-after-ms'),
    ]).toEqual([503, 'service_unavailable', '3', '3000']);
    expect((await client.courses.listPage()).data).toBeInstanceOf(Array);
    expect(() => mock.scenario('listCourses').unavailable({ retryAfter: 0 })).toThrow(
      /whole number of seconds/,
    );
  });

  it('lets the SDK retry through a forced failure', async () => {
    mock.scenario('getCourse').serverError({ times: 1 });
    const { id } = await client.courses.create(course);
    const retrying = createCourseClient({ baseUrl: mock.baseUrl, apiKey: key, maxRetries: 1 });
    expect((await retrying.courses.get(id)).id).toBe(id);
  });

  it('delays a call inside its idempotency window, so a duplicate meets 409 in progress', async () => {
    mock.scenario('createCourse').delay(300, { times: 1 });
    const options = { idempotencyKey: 'same-key' };
    const sent = performance.now();
    // Sent together, either may reach the mock first (msw's interceptor keeps no order): that one
    // is delayed and holds the key, the other meets 409.
    const results = await Promise.allSettled([
      client.courses.create(course, options),
      client.courses.create(course, options),
    ]);
    // A timer may fire up to a millisecond early by performance.now().
    expect(performance.now() - sent).toBeGreaterThanOrEqual(298);
    expect(results.filter((result) => result.status === 'fulfilled')).toMatchObject([
      { value: { name: 'Scenario' } },
    ]);
    expect(results.filter((result) => result.status === 'rejected')).toMatchObject([
      { reason: { status: 409, code: 'idempotency_request_in_progress' } },
    ]);
  });

  it('refuses scenarios the spec does not document', () => {
    expect(() => mock.scenario('getHealth').rateLimited()).toThrow(/getHealth does not document a 429/);
    expect(() => mock.scenario('nope' as never)).toThrow(/Unknown operation 'nope'/);
  });
});

describe('idempotency and rate limits', () => {
  it('replays a retried create, and refuses the same key with another body', async () => {
    const first = await client.courses.create(course, { idempotencyKey: 'k1' }).withResponse();
    const again = await client.courses.create(course, { idempotencyKey: 'k1' }).withResponse();
    expect(again.data).toEqual(first.data);
    expect(again.response.headers.get('Idempotent-Replayed')).toBe('true');
    await expect(
      client.courses.create({ ...course, name: 'Other' }, { idempotencyKey: 'k1' }),
    ).rejects.toMatchObject({
      status: 422,
      code: 'idempotency_key_reused',
    });
  });

  it('limits calls per key with the documented headers', async () => {
    const page = await client.courses.listPage().withResponse();
    expect(page.response.headers.get('RateLimit-Policy')).toBe('"courses";q=3;w=30');
    expect(page.response.headers.get('RateLimit')).toMatch(/^"courses";r=2;t=\d+$/);
    await client.courses.listPage();
    await client.courses.listPage();
    const error = (await client.courses.listPage().catch((e: unknown) => e)) as RateLimitError;
    expect([error.status, error.headers.get('Retry-After')]).toEqual([429, expect.stringMatching(/^\d+$/)]);
  });
});
