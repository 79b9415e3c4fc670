import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCourseClient, NotFoundError } from '../sdk/index.ts';
import { createCourseServiceMock, mockApiKey } from './index.ts';

const baseUrl = 'http://course-service.test';
const prodKey = mockApiKey('env-prod');
const testKey = mockApiKey('env-test', { environment: 'test' });
const mock = createCourseServiceMock({
  baseUrl,
  apiKeys: [{ key: prodKey }, { key: testKey }],
  idTokens: { 'owner-token': 'mock-user' },
  seed: { courses: [{ name: 'Seeded sandbox', environment: 'test' }, { name: 'Seeded production' }] },
});
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mock.reset());
afterAll(() => server.close());

const sandbox = createCourseClient({ baseUrl, apiKey: testKey, maxRetries: 0 });
const production = createCourseClient({ baseUrl, apiKey: prodKey, maxRetries: 0 });

describe('the mocks keep environments as the service does', () => {
  it('mints test keys and keeps the seed in its environment', async () => {
    expect(testKey).toMatch(/^cms_test_/);
    expect((await sandbox.courses.listPage()).data.map((c) => c.name)).toEqual(['Seeded sandbox']);
    expect((await production.courses.listPage()).data.map((c) => c.name)).toEqual(['Seeded production']);
  });

  it('answers 404 across environments and labels every answer, then resets only the sandbox', async () => {
    const course = await sandbox.courses.create({ name: 'Mine', description: '' });
    const crossing = await production.courses.get(course.id).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(crossing).toBeInstanceOf(NotFoundError);
    expect((await sandbox.courses.get(course.id).withResponse()).environment).toBe('test');
    const owner = createCourseClient({ baseUrl, idToken: 'owner-token', maxRetries: 0 });
    expect(await owner.testData.reset()).toEqual({ environment: 'test', deletedCourses: 2 });
    expect((await sandbox.courses.listPage()).data).toEqual([]);
    expect((await production.courses.listPage()).data).toHaveLength(1);
  });
});
