import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server/harness.ts';

/**
 * Fields a client must never set: the server's own (read-only in the spec) and internal ones. A
 * key's `environment` is chosen at creation (`ApiKeyCreate.environment`), so it is not listed; a
 * course's comes from the key and is refused below.
 */
const COURSE_FIELDS = {
  id: 'crs_AAAAAAAAAAAAAAAA',
  status: 'published',
  ownerId: 'mallory',
  createdAt: '2020-01-01T00:00:00Z',
  updatedAt: '2020-01-01T00:00:00Z',
  publishedAt: '2020-01-01T00:00:00Z',
  archivedAt: null,
  environment: 'test',
};
const KEY_FIELDS = {
  id: 'key_AAAAAAAAAAAAAAAA',
  status: 'active',
  ownerId: 'mallory',
  start: 'cms_prod_AAAA',
  key: 'cms_prod_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  hash: 'x',
  createdAt: '2020-01-01T00:00:00Z',
  revokedAt: null,
  lastUsedAt: null,
  rolledFrom: 'key_BBBBBBBBBBBBBBBB',
  rolledTo: 'key_CCCCCCCCCCCCCCCC',
};

// API3:2023 Broken object property level authorization: read-only and internal properties cannot
// be written (mass assignment), and answers expose no internal property.
describe('API3 property-level authorization', () => {
  let server: TestServer;
  let key: string;
  let token: string;
  let courseId: string;
  beforeAll(async () => {
    server = await startTestServer();
    key = await server.apiKey('alice');
    token = await server.idToken('alice');
    courseId = (
      await server.call('POST', '/api/v1/courses', { bearer: key, body: { name: 'A', description: '' } })
    ).body.id;
  });
  afterAll(() => server.close());

  it.each(Object.entries(COURSE_FIELDS))(
    'createCourse and updateCourse refuse "%s" with 400',
    async (field, value) => {
      const create = await server.call('POST', '/api/v1/courses', {
        bearer: key,
        body: { name: 'B', description: '', [field]: value },
      });
      const update = await server.call('PATCH', `/api/v1/courses/${courseId}`, {
        bearer: key,
        body: { name: 'C', [field]: value },
      });
      for (const response of [create, update]) {
        expect(response.status).toBe(400);
        expect(response.body.errors).toContainEqual(expect.objectContaining({ location: 'body' }));
      }
    },
  );

  it.each(Object.entries(KEY_FIELDS))('createApiKey refuses "%s" with 400', async (field, value) => {
    const response = await server.call('POST', '/api/v1/api-keys', {
      bearer: token,
      body: { name: 'k', [field]: value },
    });
    expect(response.status).toBe(400);
  });

  it('left the course as the server made it, and answers show no internal property', async () => {
    const course = await server.call('GET', `/api/v1/courses/${courseId}`, { bearer: key });
    expect(course.body).toMatchObject({ id: courseId, name: 'A', status: 'draft', publishedAt: null });
    expect(course.body).not.toHaveProperty('ownerId');
    const keys = await server.call('GET', '/api/v1/api-keys', { bearer: token });
    for (const record of keys.body.data) {
      expect(record).not.toHaveProperty('hash');
      expect(record).not.toHaveProperty('ownerId');
      expect(record).not.toHaveProperty('key');
    }
  });
});
