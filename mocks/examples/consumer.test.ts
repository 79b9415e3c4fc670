import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CourseClient, createCourseClient, RateLimitError } from '../../sdk/index.ts';
import { createCourseServiceMock, mockApiKey } from '../index.ts';

// The code under test: in your project, an import from your own module.
async function publishAll(client: CourseClient, names: string[]) {
  const published = [];
  for (const name of names) {
    const { id } = await client.courses.create({ name, description: '' });
    published.push(await client.courses.publish(id));
  }
  return published;
}

const baseUrl = 'http://localhost:3000';
const apiKey = mockApiKey('my-app');
const mock = createCourseServiceMock({
  baseUrl,
  apiKeys: [{ key: apiKey, scopes: ['courses:read', 'courses:write'] }],
  seed: { courses: [{ name: 'Existing course', status: 'archived' }] },
});
const server = setupServer(...mock.handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mock.reset());
afterAll(() => server.close());

describe('publishAll', () => {
  const client = createCourseClient({ baseUrl, apiKey, maxRetries: 0 });

  it('publishes every course', async () => {
    const courses = await publishAll(client, ['Algebra', 'Biology']);
    expect(courses.map((c) => c.status)).toEqual(['published', 'published']);
    const listed = await client.courses.listPage({ status: 'published' });
    expect(listed.data.map((c) => c.name)).toEqual(['Biology', 'Algebra']);
  });

  it('gives up when the service is rate limiting', async () => {
    mock.scenario('createCourse').rateLimited({ retryAfter: 30, times: 1 });
    await expect(publishAll(client, ['Chemistry'])).rejects.toBeInstanceOf(RateLimitError);
  });
});
