import { openApiDocument } from '@course-service/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server/harness.ts';
import { createEndpoint } from '../../test-support/server/webhook-accounts.ts';

// API1:2023 Broken object level authorization: every operation that takes an id, tried by another
// account on the owner's object, answers exactly what a missing id answers (404), and changes nothing.
interface Operation {
  operationId: string;
  requestBody?: { content: Record<string, { examples?: Record<string, { value: unknown }> }> };
  security?: object[];
}
const spec = openApiDocument as unknown as { paths: Record<string, Record<string, Operation | undefined>> };
const METHODS = ['get', 'post', 'patch', 'put', 'delete'];
/** Every operation whose path takes an id, from the spec: new ones are covered without editing this file. */
const idOperations = Object.entries(spec.paths)
  .filter(([path]) => path.includes('{'))
  .flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({
      path,
      method: method.toUpperCase(),
      operation: item[method] as Operation,
    })),
  );

describe('API1 object-level authorization: another account’s id is a missing id', () => {
  let server: TestServer;
  let ownerKey: string;
  let strangerKey: string;
  let courseId: string;
  let keyId: string;
  let endpointId: string;
  let deliveryId: string;
  let eventId: string;
  beforeAll(async () => {
    server = await startTestServer();
    ownerKey = await server.apiKey('owner');
    strangerKey = await server.apiKey('stranger');
    courseId = (
      await server.call('POST', '/api/v1/courses', {
        bearer: ownerKey,
        body: { name: 'Mine', description: '' },
      })
    ).body.id;
    const keys = await server.call('GET', '/api/v1/api-keys', { bearer: await server.idToken('owner') });
    keyId = keys.body.data[0].id;
    endpointId = (await createEndpoint(server, ownerKey)).body.id;
    deliveryId = (
      await server.call('POST', `/api/v1/webhook-endpoints/${endpointId}/test`, { bearer: ownerKey })
    ).body.id;
    eventId = (await server.call('GET', '/api/v1/events', { bearer: ownerKey })).body.data[0].id;
  });
  afterAll(() => server.close());

  it('covers every id-taking operation of the spec', () => {
    expect(idOperations.map((o) => o.operation.operationId).sort()).toEqual(
      [
        'archiveCourse',
        'deleteCourse',
        'getCourse',
        'publishCourse',
        'restoreCourse',
        'revokeApiKey',
        'rollApiKey',
        'listApiKeyEvents',
        'getApiKeyUsage',
        'updateCourse',
        'getEvent',
        'getWebhookEndpoint',
        'updateWebhookEndpoint',
        'deleteWebhookEndpoint',
        'rotateWebhookEndpointSecret',
        'sendTestWebhookEvent',
        'listWebhookDeliveries',
        'redeliverWebhookDelivery',
      ].sort(),
    );
  });

  it.each(idOperations)(
    '$method $path by another account answers 404, like an unknown id',
    async ({ path, method, operation }) => {
      const byIdToken = operation.security?.some((requirement) => 'idToken' in requirement);
      const bearer = byIdToken ? await server.idToken('stranger') : strangerKey;
      // The spec's first example body: a valid request, so only whose id it is decides the answer.
      const examples = operation.requestBody?.content['application/json']?.examples ?? {};
      const body = Object.values(examples)[0]?.value;
      const owned = path
        .replace('{courseId}', courseId)
        .replace('{keyId}', keyId)
        .replace('{endpointId}', endpointId)
        .replace('{deliveryId}', deliveryId)
        .replace('{eventId}', eventId);
      const unknown = path
        .replace('{courseId}', 'crs_0000000000000000')
        .replace('{keyId}', 'key_0000000000000000')
        .replace('{endpointId}', 'we_0000000000000000')
        .replace('{deliveryId}', 'dlv_0000000000000000')
        .replace('{eventId}', 'evt_0000000000000000');
      const other = await server.call(method, owned, { bearer, body });
      const missing = await server.call(method, unknown, { bearer, body });
      expect(other.status).toBe(404);
      expect(other.body.code).toBe(missing.body.code);
      // The answer does not even echo whose it is: the same words as for an id that never existed.
      const blank = (text: string) => text.replace(/(crs|key|we|dlv|evt)_[0-9A-Za-z]{16}/g, '<id>');
      expect(blank(other.body.detail)).toBe(blank(missing.body.detail));
    },
  );

  it('left the owner’s course, key and webhook endpoint untouched', async () => {
    const course = await server.call('GET', `/api/v1/courses/${courseId}`, { bearer: ownerKey });
    expect(course.body).toMatchObject({ name: 'Mine', status: 'draft' });
    const endpoint = await server.call('GET', `/api/v1/webhook-endpoints/${endpointId}`, {
      bearer: ownerKey,
    });
    expect(endpoint.body).toMatchObject({ enabled: true, description: '' });
    const deliveries = await server.call('GET', `/api/v1/webhook-endpoints/${endpointId}/deliveries`, {
      bearer: ownerKey,
    });
    expect(deliveries.body.data).toHaveLength(1);
    const keys = await server.call('GET', '/api/v1/api-keys', { bearer: await server.idToken('owner') });
    expect(keys.body.data.find((key: { id: string }) => key.id === keyId)).toMatchObject({
      status: 'active',
      rolledTo: null,
    });
  });

  it('lists only the caller’s own courses and keys', async () => {
    const courses = await server.call('GET', '/api/v1/courses', { bearer: strangerKey });
    expect(courses.body.data.map((course: { id: string }) => course.id)).not.toContain(courseId);
    const keys = await server.call('GET', '/api/v1/api-keys', { bearer: await server.idToken('stranger') });
    expect(keys.body.data.map((key: { id: string }) => key.id)).not.toContain(keyId);
  });
});
