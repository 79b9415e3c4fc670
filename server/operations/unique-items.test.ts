import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server/harness.ts';
import { accountOn, createEndpoint } from '../../test-support/server/webhook-accounts.ts';

// Lists the spec declares unique (event types, scopes) are checked by the request validators
// (runtime/core/spec/safe-unique-items.ts): whatever their items hold, a bad list is a 400, never a 500.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const account = (subject: string) => accountOn(server, subject);

describe('lists of unique items', () => {
  it('400, never a 500, for items that are objects with their own toString or valueOf (event types, scopes)', async () => {
    const { key, token } = await account('wh-unique-items');
    const hostile: unknown[] = [{}, { toString: 0 }, { valueOf: 0 }];
    const endpoint = await createEndpoint(server, key, { eventTypes: hostile });
    expect(endpoint.status).toBe(400);
    expect(endpoint.body.code).toBe('validation_failed');
    const apiKey = await server.call('POST', '/api/v1/api-keys', {
      bearer: token,
      body: { name: 'hostile', scopes: hostile },
    });
    expect(apiKey.status).toBe(400);
    expect(apiKey.body.errors.map((error: { pointer: string }) => error.pointer)).toContain('/scopes/1');
    const twice = await createEndpoint(server, key, { eventTypes: ['course.created', 'course.created'] });
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toEqual([expect.objectContaining({ pointer: '/eventTypes' })]);
  });
});
