import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devIdToken, newApiKey, startCourseServer } from '../test-support/sdk/servers.ts';
import { createCourseClient, NotFoundError } from './index.ts';

let server: Awaited<ReturnType<typeof startCourseServer>>;
beforeAll(async () => {
  server = await startCourseServer();
});
afterAll(() => server.close());

/** A client of its own subject, whose `fetch` calls are all recorded. */
async function recordedClient(intercept?: (request: Request, response: Response) => void) {
  const requests: Request[] = [];
  const client = createCourseClient({
    baseUrl: server.url,
    apiKey: await newApiKey(server.url),
    fetch: async (input, init) => {
      const request = new Request(input, init);
      requests.push(request.clone());
      const response = await fetch(request);
      intercept?.(request, response);
      return response;
    },
  });
  return { client, requests };
}

describe('courses', () => {
  it('a create whose response is lost is retried with its Idempotency-Key and creates one course', async () => {
    let lost = false;
    let replayed: string | null = null;
    const { client, requests } = await recordedClient((request, response) => {
      if (request.method !== 'POST') return;
      replayed = response.headers.get('Idempotent-Replayed');
      // The server has created the course; the answer goes missing on the way back.
      if (!lost) {
        lost = true;
        throw new TypeError('socket hang up');
      }
    });
    const course = await client.courses.create({ name: 'Databases', description: 'SQL.' });
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1]?.headers.get('Idempotency-Key')).toBe(posts[0]?.headers.get('Idempotency-Key'));
    expect(replayed).toBe('true');
    const page = await client.courses.listPage();
    expect(page.data.map((c) => c.id)).toEqual([course.id]);
  });

  it('iterates over every page, fetching each once, and filters by status', async () => {
    const { client, requests } = await recordedClient();
    const created = [];
    for (const name of ['A', 'B', 'C', 'D', 'E'])
      created.push(await client.courses.create({ name, description: '' }));
    await client.courses.publish(created[0]?.id ?? '');
    requests.length = 0;

    const names = [];
    for await (const course of client.courses.list({ limit: 2 })) names.push(course.name);
    expect(names).toEqual(['E', 'D', 'C', 'B', 'A']);
    expect(requests.map((r) => new URL(r.url).searchParams.get('limit'))).toEqual(['2', '2', '2']);

    const published = [];
    for await (const course of client.courses.list({ status: 'published' })) published.push(course.name);
    expect(published).toEqual(['A']);
  });

  it('stops fetching pages when the loop ends early', async () => {
    const { client, requests } = await recordedClient();
    for (const name of ['A', 'B', 'C']) await client.courses.create({ name, description: '' });
    requests.length = 0;
    for await (const course of client.courses.list({ limit: 1 })) {
      expect(course.name).toBe('C');
      break;
    }
    expect(requests).toHaveLength(1);
  });

  it('walks the whole lifecycle', async () => {
    const { client } = await recordedClient();
    const course = await client.courses.create({ name: 'Databases', description: '' });
    expect((await client.courses.update(course.id, { name: 'Databases I' })).name).toBe('Databases I');
    expect((await client.courses.publish(course.id)).status).toBe('published');
    expect((await client.courses.archive(course.id)).status).toBe('archived');
    expect((await client.courses.restore(course.id)).status).toBe('draft');
    expect(await client.courses.delete(course.id)).toBeUndefined();
    await expect(client.courses.get(course.id)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('apiKeys', () => {
  it('creates, lists and revokes keys with the ID token; a revoked key stops working', async () => {
    const admin = createCourseClient({ baseUrl: server.url, idToken: await devIdToken(server.url) });
    const created = await admin.apiKeys.create({ name: 'Reporting', scopes: ['courses:read'] });
    const listed = [];
    for await (const key of admin.apiKeys.list()) listed.push(key.id);
    expect(listed).toEqual([created.id]);
    expect((await admin.apiKeys.revoke(created.id)).status).toBe('revoked');
    const revoked = createCourseClient({ baseUrl: server.url, apiKey: created.key });
    await expect(revoked.courses.listPage()).rejects.toMatchObject({ status: 401, code: 'api_key_revoked' });
  });
});
