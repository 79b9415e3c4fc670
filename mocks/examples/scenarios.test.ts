import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APIConnectionError, createCourseClient, NotFoundError } from '../../sdk/index.ts';
import { createCourseServiceMock, mockApiKey } from '../index.ts';

const baseUrl = 'https://courses.example.com';
const backendKey = mockApiKey('backend');
const ciKey = mockApiKey('ci', { environment: 'test' });

// The mock's clock: timestamps, key expiry and rate-limit windows follow it.
const start = new Date('2026-01-05T09:00:00Z');
let now = start;

const mock = createCourseServiceMock({
  baseUrl,
  apiKeys: [{ key: backendKey }, { key: ciKey, expiresAt: '2026-01-06T00:00:00Z' }],
  seed: {
    courses: [
      { id: 'crs_LiveCourse000001', name: 'Live course', status: 'published' },
      { name: 'Fixture', environment: 'test' },
    ],
  },
  rateLimit: { max: 50, windowSeconds: 60 },
  clock: () => now,
});
const server = setupServer(...mock.handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  mock.reset(); // back to the seed, scenarios and quotas cleared
  now = start;
});
afterAll(() => server.close());

describe('the course service, mocked', () => {
  const backend = createCourseClient({ baseUrl, apiKey: backendKey });
  const ci = createCourseClient({ baseUrl, apiKey: ciKey, maxRetries: 0 });

  it('keeps the sandbox of a test key apart from production', async () => {
    const { data } = await ci.courses.listPage();
    expect(data.map((course) => course.name)).toEqual(['Fixture']);
    await expect(ci.courses.get('crs_LiveCourse000001')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('lets the SDK retry through an outage', async () => {
    mock.scenario('listCourses').unavailable({ retryAfter: 1, times: 1 });
    const { data } = await backend.courses.listPage();
    expect(data.map((course) => course.name)).toEqual(['Live course']);
  });

  it('fails like a network that drops the connection', async () => {
    mock.scenario('getCourse').networkError();
    const call = backend.courses.get('crs_LiveCourse000001', { maxRetries: 0 });
    await expect(call).rejects.toBeInstanceOf(APIConnectionError);
  });

  it('refuses a key once its expiry has passed', async () => {
    now = new Date('2026-01-06T00:00:01Z');
    await expect(ci.courses.listPage()).rejects.toMatchObject({ status: 401, code: 'api_key_expired' });
  });

  it('creates keys with an ID token, which work at once', async () => {
    const admin = createCourseClient({ baseUrl, idToken: mock.idToken('alice') });
    const { key } = await admin.apiKeys.create({ name: 'New service' });
    const course = await createCourseClient({ baseUrl, apiKey: key }).courses.create({
      name: 'Mine',
      description: '',
    });
    expect(course).toMatchObject({ name: 'Mine', status: 'draft', environment: 'prod' });
  });

  it('rolls a key: the old one works until its grace window ends by the mock clock', async () => {
    const admin = createCourseClient({ baseUrl, idToken: mock.idToken('alice') });
    const old = await admin.apiKeys.create({ name: 'Rolled service' });
    const next = await admin.apiKeys.roll(old.id, { oldKeyExpiresIn: 3600 });
    expect(next).toMatchObject({ name: 'Rolled service', rolledFrom: old.id });
    const before = createCourseClient({ baseUrl, apiKey: old.key, maxRetries: 0 });
    expect((await before.courses.listPage()).data).toEqual([]);
    now = new Date(start.getTime() + 3_601_000);
    await expect(before.courses.listPage()).rejects.toMatchObject({ status: 401, code: 'api_key_expired' });
    const after = createCourseClient({ baseUrl, apiKey: next.key });
    expect((await after.courses.listPage()).data).toEqual([]);
  });
});
