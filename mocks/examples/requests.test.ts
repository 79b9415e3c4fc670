import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CourseClient, createCourseClient } from '../../sdk/index.ts';
import { createCourseServiceMock, mockApiKey } from '../index.ts';

// The code under test: in your project, an import from your own module.
async function importCourses(client: CourseClient, names: string[]) {
  for (const name of names) await client.courses.create({ name, description: '' });
}

const baseUrl = 'http://localhost:3000';
const apiKey = mockApiKey('importer');
// `overrides: true` lets a request force a documented error with a header (last test).
const mock = createCourseServiceMock({ baseUrl, apiKeys: [{ key: apiKey }], overrides: true });
const server = setupServer(...mock.handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mock.reset()); // forgets the recorded requests too
afterAll(() => server.close());

describe('what the app sends', () => {
  const client = createCourseClient({ baseUrl, apiKey, maxRetries: 0 });

  it('sends one create per name, each with an Idempotency-Key of its own', async () => {
    await importCourses(client, ['Algebra', 'Biology']);
    const creates = mock.requests.filter({ operationId: 'createCourse' });
    expect(creates.map((request) => request.body)).toEqual([
      { name: 'Algebra', description: '' },
      { name: 'Biology', description: '' },
    ]);
    expect(new Set(creates.map((request) => request.headers['idempotency-key'])).size).toBe(2);
    // Credentials are never recorded: the key shows as redacted.
    expect(creates[0]?.headers.authorization).toBe('Bearer [redacted]');
  });

  it('waits for a call the app makes later', async () => {
    setTimeout(() => void client.courses.listPage({ status: 'published' }), 10);
    const list = await mock.requests.waitFor({ operationId: 'listCourses' }, { timeout: 1_000 });
    expect([list.query, list.status]).toEqual([{ status: 'published' }, 200]);
  });

  it('finds requests with a predicate too', async () => {
    await client.courses.get('crs_0000000000000000').catch(() => undefined);
    expect(mock.requests.find((request) => request.status === 404)?.operationId).toBe('getCourse');
  });

  it('forces an error the operation documents with a header (Prism’s Prefer: code=…)', async () => {
    const outage = createCourseClient({ baseUrl, apiKey, maxRetries: 0, headers: { Prefer: 'code=503' } });
    await expect(outage.courses.listPage()).rejects.toMatchObject({
      status: 503,
      code: 'service_unavailable',
    });
  });
});
