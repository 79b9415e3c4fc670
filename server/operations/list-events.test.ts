import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server/harness.ts';
import { specSchema } from '../../test-support/server/spec-schema.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_MAX: '100000', KEY_CREATION_LIMIT_MAX: '1000' });
});
afterAll(() => server.close());

/** A subject's ID token and a key of theirs (all scopes unless `body` says otherwise). */
async function account(subject: string, body: Record<string, unknown> = {}) {
  const token = await server.idToken(subject);
  const created = await server.call('POST', '/api/v1/api-keys', {
    bearer: token,
    body: { name: 'events', ...body },
  });
  return { token, key: created.body.key as string, keyId: created.body.id as string };
}

const feed = (bearer: string, query = '') => server.call('GET', `/api/v1/events${query}`, { bearer });
const withoutValue = ({ key: _value, ...view }: Record<string, unknown>) => view;

describe('listEvents', () => {
  it('records each course and key change as exactly one event, its data the object as the API answered', async () => {
    const { token, key } = await account('events-all');
    const start = (await feed(key)).body.nextCursor as string;
    const call = (method: string, path: string, body?: unknown) =>
      server.call(method, path, { bearer: key, ...(body === undefined ? {} : { body }) });
    const created = (await call('POST', '/api/v1/courses', { name: 'Databases', description: 'SQL' })).body;
    const path = `/api/v1/courses/${created.id}`;
    const updated = (await call('PATCH', path, { name: 'Databases 2' })).body;
    expect((await call('PATCH', path, { name: 'Databases 2' })).status).toBe(200); // changes nothing
    const published = (await call('POST', `${path}/publish`)).body;
    const archived = (await call('POST', `${path}/archive`)).body;
    const restored = (await call('POST', `${path}/restore`)).body;
    const gone = (await call('GET', path)).body;
    expect((await call('DELETE', path)).status).toBe(204);
    const other = await server.call('POST', '/api/v1/api-keys', { bearer: token, body: { name: 'Other' } });
    const rolled = await server.call('POST', `/api/v1/api-keys/${other.body.id}/roll`, { bearer: token });
    const revoke = () => server.call('DELETE', `/api/v1/api-keys/${rolled.body.id}`, { bearer: token });
    const revoked = (await revoke()).body;
    expect((await revoke()).status).toBe(200); // revoked already: changes nothing

    const page = await feed(key, `?cursor=${start}&limit=100`);
    expect(page.status).toBe(200);
    expect(specSchema('EventList')(page.body)).toBe(true);
    expect(page.body.hasMore).toBe(false);
    const events = page.body.data as Array<{ id: string; type: string; data: unknown; environment: string }>;
    expect(events.map((event) => [event.type, event.data])).toEqual([
      ['course.created', created],
      ['course.updated', updated],
      ['course.published', published],
      ['course.archived', archived],
      ['course.restored', restored],
      ['course.deleted', gone],
      ['api_key.created', withoutValue(other.body)],
      ['api_key.rolled', withoutValue(rolled.body)],
      ['api_key.revoked', revoked],
    ]);
    for (const event of events) {
      const schema = event.type.startsWith('course.') ? 'CourseEvent' : 'ApiKeyChangeEvent';
      expect(specSchema(schema)(event), `${event.type}: ${JSON.stringify(specSchema(schema).errors)}`).toBe(
        true,
      );
      expect(event.environment).toBe('prod');
      const single = await server.call('GET', `/api/v1/events/${event.id}`, { bearer: key });
      expect(single.status).toBe(200);
      expect(single.body).toEqual(event);
    }
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
  });

  it('pages oldest first; nextCursor is never null, and an empty page gives back the cursor it was given', async () => {
    const { key } = await account('events-pages');
    const first = await feed(key, '?limit=1');
    expect(first.body.data.map((event: { type: string }) => event.type)).toEqual(['api_key.created']);
    for (const name of ['A', 'B', 'C'])
      await server.call('POST', '/api/v1/courses', { bearer: key, body: { name, description: '' } });
    const next = await feed(key, `?limit=2&cursor=${first.body.nextCursor}`);
    expect(next.body.data.map((event: { data: { name: string } }) => event.data.name)).toEqual(['A', 'B']);
    expect(next.body.hasMore).toBe(true);
    const last = await feed(key, `?limit=2&cursor=${next.body.nextCursor}`);
    expect(last.body.data.map((event: { data: { name: string } }) => event.data.name)).toEqual(['C']);
    expect(last.body.hasMore).toBe(false);
    const empty = await feed(key, `?cursor=${last.body.nextCursor}`);
    expect(empty.body).toEqual({ data: [], hasMore: false, nextCursor: last.body.nextCursor });
  });

  it('gives a nextCursor before every event when there are none yet', async () => {
    const { key } = await account('events-none');
    const empty = await feed(key, '?type=course.deleted');
    expect(empty.body).toMatchObject({ data: [], hasMore: false });
    expect(empty.body.nextCursor).toEqual(expect.any(String));
    const course = await server.call('POST', '/api/v1/courses', {
      bearer: key,
      body: { name: 'L', description: '' },
    });
    await server.call('DELETE', `/api/v1/courses/${course.body.id}`, { bearer: key });
    const later = await feed(key, `?type=course.deleted&cursor=${empty.body.nextCursor}`);
    expect(later.body.data.map((event: { data: { id: string } }) => event.data.id)).toEqual([course.body.id]);
  });

  it('filters by type, and keeps environments and accounts apart', async () => {
    const prod = await account('events-apart');
    const sandbox = await account('events-apart', { environment: 'test' });
    const stranger = await account('events-stranger');
    await server.call('POST', '/api/v1/courses', {
      bearer: sandbox.key,
      body: { name: 'T', description: '' },
    });
    const courses = await feed(prod.key, '?type=course.created');
    expect(courses.body.data).toEqual([]);
    // Both keys are the account's; each key's events are in the environment of the key.
    const sandboxEvents = (await feed(sandbox.key)).body.data as Array<{
      type: string;
      environment: string;
      data: { id: string };
    }>;
    expect(sandboxEvents.map((event) => event.type)).toEqual(['api_key.created', 'course.created']);
    expect(sandboxEvents[0]?.data.id).toBe(sandbox.keyId);
    expect(sandboxEvents.every((event) => event.environment === 'test')).toBe(true);
    const keys = await feed(prod.key, '?type=api_key.created');
    expect(keys.body.data.map((event: { data: { id: string } }) => event.data.id)).toEqual([prod.keyId]);
    expect(
      (await feed(stranger.key)).body.data.map((event: { data: { id: string } }) => event.data.id),
    ).toEqual([stranger.keyId]);
  });

  it('400 for a cursor it did not issue and for an unknown type', async () => {
    const { key } = await account('events-400');
    const cursor = await feed(key, '?cursor=bm9wZQ');
    expect(cursor.status).toBe(400);
    expect(cursor.body.code).toBe('invalid_cursor');
    const type = await feed(key, '?type=course.renamed');
    expect(type.status).toBe(400);
    expect(type.body.code).toBe('validation_failed');
  });

  it('401 without a credential, 403 for a key without events:read', async () => {
    expect((await server.call('GET', '/api/v1/events')).status).toBe(401);
    const { key } = await account('events-403', { scopes: ['courses:read', 'courses:write'] });
    const refused = await feed(key);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'insufficient_scope', missingScopes: ['events:read'] });
  });
});

describe('getEvent', () => {
  it("404 for an unknown id, another account's event and another environment's", async () => {
    const { key } = await account('get-event');
    const sandbox = await account('get-event', { environment: 'test' });
    const stranger = await account('get-event-stranger');
    const [own] = (await feed(key)).body.data;
    expect((await server.call('GET', `/api/v1/events/${own.id}`, { bearer: key })).status).toBe(200);
    for (const bearer of [sandbox.key, stranger.key]) {
      const missing = await server.call('GET', `/api/v1/events/${own.id}`, { bearer });
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe('not_found');
    }
    expect((await server.call('GET', '/api/v1/events/evt_0000000000000000', { bearer: key })).status).toBe(
      404,
    );
  });

  it('400 for an id that is not an event id, 401 without a credential, 403 without events:read', async () => {
    const { key } = await account('get-event-4xx', { scopes: ['courses:read'] });
    const reader = await account('get-event-4xx');
    const badId = await server.call('GET', '/api/v1/events/crs_0000000000000000', { bearer: reader.key });
    expect(badId.status).toBe(400);
    expect(badId.body.code).toBe('validation_failed');
    expect((await server.call('GET', '/api/v1/events/evt_0000000000000000')).status).toBe(401);
    expect((await server.call('GET', '/api/v1/events/evt_0000000000000000', { bearer: key })).status).toBe(
      403,
    );
  });
});
