import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApiKey, startCourseServer } from '../test-support/sdk/servers.ts';
import { type CourseClient, createCourseClient, isNotModified, NotModified } from './index.ts';

let server: Awaited<ReturnType<typeof startCourseServer>>;
let client: CourseClient;
const sent: Array<string | null> = [];
beforeAll(async () => {
  server = await startCourseServer();
  client = createCourseClient({
    baseUrl: server.url,
    apiKey: await newApiKey(server.url),
    fetch: async (input, init) => {
      const request = new Request(input, init);
      sent.push(request.headers.get('If-None-Match'));
      return fetch(request);
    },
  });
});
afterAll(() => server.close());

describe('conditional reads', () => {
  it('gives the ETag with the response, and NotModified for it while the course is unchanged', async () => {
    const { id } = await client.courses.create({ name: 'Cached', description: 'Read once' });
    const { data, etag, rateLimit } = await client.courses.get(id).withResponse();
    expect(data.name).toBe('Cached');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(rateLimit).toBeDefined();
    const again = await client.courses.get(id, { ifNoneMatch: etag as string });
    expect(sent.at(-1)).toBe(etag);
    expect(again).toBeInstanceOf(NotModified);
    expect(isNotModified(again) && again.etag).toBe(etag);
    // The quota is still reported for a 304.
    expect(
      (await client.courses.get(id, { ifNoneMatch: etag as string }).withResponse()).rateLimit,
    ).toBeDefined();
  });

  it('gives the new course when it changed since the ETag sent', async () => {
    const { id } = await client.courses.create({ name: 'Before', description: '' });
    const { etag } = await client.courses.get(id).withResponse();
    await client.courses.update(id, { name: 'After' });
    const changed = await client.courses.get(id, { ifNoneMatch: etag as string });
    expect(isNotModified(changed)).toBe(false);
    expect(changed).toMatchObject({ id, name: 'After' });
  });

  it('makes list pages conditional too, and sends no If-None-Match unless asked', async () => {
    await client.courses.create({ name: 'Listed', description: '' });
    const { data, etag } = await client.courses.listPage({ limit: 3 }).withResponse();
    expect(sent.at(-1)).toBeNull();
    expect(data.data.length).toBeGreaterThan(0);
    expect(await client.courses.listPage({ limit: 3 }, { ifNoneMatch: etag as string })).toEqual(
      new NotModified(etag as string),
    );
    await client.courses.create({ name: 'Newer', description: '' });
    const fresh = await client.courses.listPage({ limit: 3 }, { ifNoneMatch: etag as string });
    expect(isNotModified(fresh) ? undefined : fresh.data[0]?.name).toBe('Newer');
  });
});

describe('conditional reads on a client that settles', () => {
  it('types and returns NotModified in { data } for a matching ETag, the course otherwise', async () => {
    const settled = createCourseClient({
      baseUrl: server.url,
      apiKey: await newApiKey(server.url),
      throwOnError: false,
    });
    const created = await settled.courses.create({ name: 'Settled', description: '' });
    const id = created.data?.id ?? '';
    const plain = await settled.courses.get(id);
    expect(plain.data?.name).toBe('Settled');
    const etag = (
      await client.courses
        .get(id)
        .withResponse()
        .catch(() => undefined)
    )?.etag;
    expect(etag).toBeUndefined(); // another owner's course: the first client gets 404
    const { data } = await settled.courses.get(id, { ifNoneMatch: '*' });
    const notModified: NotModified | undefined = isNotModified(data) ? data : undefined;
    expect(notModified).toBeInstanceOf(NotModified);
    const missing = await settled.courses.get('crs_0000000000000000', { ifNoneMatch: '*' });
    expect(missing.error?.status).toBe(404);
  });
});
