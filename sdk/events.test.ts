import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApiKey, startCourseServer } from '../test-support/sdk/servers.ts';
import { createCourseClient, NotFoundError, PermissionDeniedError } from './index.ts';

let server: Awaited<ReturnType<typeof startCourseServer>>;
beforeAll(async () => {
  server = await startCourseServer();
});
afterAll(() => server.close());

/** A client of a fresh subject, the URL of every request it sends recorded. */
async function recordedClient() {
  const urls: URL[] = [];
  const client = createCourseClient({
    baseUrl: server.url,
    apiKey: await newApiKey(server.url),
    fetch: (input, init) => {
      const request = new Request(input, init);
      urls.push(new URL(request.url));
      return fetch(request);
    },
  });
  return { client, urls };
}

describe('events', () => {
  it('list() yields every event oldest first, the course as it was after each change', async () => {
    const { client } = await recordedClient();
    const course = await client.courses.create({ name: 'Databases', description: '' });
    await client.courses.update(course.id, { name: 'Databases I' });
    await client.courses.publish(course.id);
    const events = [];
    for await (const event of client.events.list({ type: undefined })) events.push(event);
    const changes = events.filter((event) => event.type.startsWith('course.'));
    expect(
      changes.map((event) => [event.type, event.data.id, 'name' in event.data && event.data.name]),
    ).toEqual([
      ['course.created', course.id, 'Databases'],
      ['course.updated', course.id, 'Databases I'],
      ['course.published', course.id, 'Databases I'],
    ]);
  });

  it('from a stored cursor: only what happened since, page by page, stopping when hasMore is false', async () => {
    const { client, urls } = await recordedClient();
    await client.courses.create({ name: 'Before', description: '' });
    const { nextCursor } = await client.events.listPage({ limit: 100 });
    for (const name of ['A', 'B', 'C']) await client.courses.create({ name, description: '' });

    urls.length = 0;
    const names = [];
    for await (const event of client.events.list({ cursor: nextCursor, limit: 2 }))
      names.push(event.type === 'course.created' && event.data.name);
    expect(names).toEqual(['A', 'B', 'C']);
    // Two pages: the second says there is no more, and the loop ends although its cursor is not null.
    expect(urls.map((url) => url.searchParams.get('cursor') === nextCursor)).toEqual([true, false]);

    const caughtUp = await client.events.listPage({ cursor: nextCursor, limit: 3 });
    const empty = await client.events.listPage({ cursor: caughtUp.nextCursor });
    expect([empty.data, empty.hasMore, empty.nextCursor]).toEqual([[], false, caughtUp.nextCursor]);
  });

  it('filters by type, gets one event by id, and answers a typed 404 for an unknown one', async () => {
    const { client } = await recordedClient();
    const course = await client.courses.create({ name: 'Physics', description: '' });
    await client.courses.publish(course.id);
    const published = [];
    for await (const event of client.events.list({ type: 'course.published' })) published.push(event);
    expect(published.map((event) => event.type)).toEqual(['course.published']);
    const [event] = published;
    expect(await client.events.get(event?.id ?? '')).toEqual(event);
    await expect(client.events.get('evt_0000000000000000')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('needs the events:read scope: a PermissionDeniedError naming it', async () => {
    const reader = createCourseClient({
      baseUrl: server.url,
      apiKey: await newApiKey(server.url, ['courses:read']),
    });
    const error = await reader.events.listPage().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect((error as PermissionDeniedError).problem?.missingScopes).toEqual(['events:read']);
  });

  it('with throwOnError: false, settles into { data, error }', async () => {
    const client = createCourseClient({
      baseUrl: server.url,
      apiKey: await newApiKey(server.url),
      throwOnError: false,
    });
    const { data, error } = await client.events.get('evt_0000000000000000');
    expect([data, error?.status, error?.code]).toEqual([undefined, 404, 'not_found']);
    expect((await client.events.listPage()).error).toBeUndefined();
  });
});
