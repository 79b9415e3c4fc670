import { openApiDocument } from '@course-service/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server/harness.ts';

type Operation = { operationId: string; security?: Record<string, string[]>[]; requestBody?: unknown };
const spec = openApiDocument as unknown as {
  paths: Record<string, Record<string, Operation>>;
};
const all = Object.entries(spec.paths).flatMap(([path, item]) =>
  ['get', 'post', 'patch', 'delete']
    .filter((method) => item[method])
    .map((method) => ({ path, method: method.toUpperCase(), operation: item[method] as Operation })),
);
const scopeOf = (operation: Operation) => operation.security?.find((r) => r.apiKeyBearer)?.apiKeyBearer?.[0];
const byScope = all.filter((entry) => scopeOf(entry.operation));
// Key management: operations that take an ID token and nothing else (`/mcp` takes one among others).
const byIdToken = all.filter((entry) => entry.operation.security?.every((r) => 'idToken' in r));

// API5:2023 Broken function level authorization: every operation checks the kind of credential and,
// for API keys, the scope the spec names; MCP tools that act for any owner are for the master key alone.
describe('API5 function-level authorization', () => {
  let server: TestServer;
  let keys: Record<string, string>;
  let courseId: string;
  beforeAll(async () => {
    server = await startTestServer({ MCP_MASTER_API_KEY: 'm'.repeat(40) });
    keys = {
      'courses:read': await server.apiKey('alice', { name: 'r', scopes: ['courses:read'] }),
      'courses:write': await server.apiKey('alice', { name: 'w', scopes: ['courses:write'] }),
    };
    courseId = (
      await server.call('POST', '/api/v1/courses', {
        bearer: keys['courses:write'],
        body: { name: 'A', description: '' },
      })
    ).body.id;
  });
  afterAll(() => server.close());

  const url = (path: string) =>
    path.replace('{courseId}', courseId).replace('{keyId}', 'key_0000000000000000');

  it.each(byScope)(
    '$method $path refuses a key without its scope with 403 insufficient_scope',
    async ({ path, method, operation }) => {
      const needed = scopeOf(operation) as string;
      const other = needed === 'courses:read' ? 'courses:write' : 'courses:read';
      const response = await server.call(method, url(path), {
        bearer: keys[other],
        body: operation.requestBody ? { name: 'x' } : undefined,
      });
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ code: 'insufficient_scope', missingScopes: [needed] });
    },
  );

  it.each(byScope)(
    '$method $path refuses an ID token with 401 wrong_credential_type',
    async ({ path, method }) => {
      const response = await server.call(method, url(path), { bearer: await server.idToken('alice') });
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('wrong_credential_type');
    },
  );

  it.each(byIdToken)(
    '$method $path (key management) refuses an API key with 401 wrong_credential_type',
    async ({ path, method, operation }) => {
      const body = operation.requestBody ? { name: 'x' } : undefined;
      const response = await server.call(method, url(path), { bearer: keys['courses:write'], body });
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('wrong_credential_type');
    },
  );

  it('offers and runs administrative MCP tools for the master key only', async () => {
    const rpc = (bearer: string, method: string, params?: object) =>
      server.call('POST', '/mcp', {
        bearer,
        headers: { Accept: 'application/json, text/event-stream' },
        body: { jsonrpc: '2.0', id: 1, method, params },
      });
    const names = async (bearer: string) =>
      (await rpc(bearer, 'tools/list')).body.result.tools.map(
        (tool: { name: string }) => tool.name,
      ) as string[];
    expect(await names('m'.repeat(40))).toContain('create_api_key');
    for (const key of Object.values(keys)) expect(await names(key)).not.toContain('create_api_key');
    expect(await names(keys['courses:read'] as string)).not.toContain('create_course');
    const call = await rpc(keys['courses:write'] as string, 'tools/call', {
      name: 'create_api_key',
      arguments: { owner: 'mallory', name: 'escalated' },
    });
    expect(JSON.stringify(call.body)).not.toMatch(/cms_prod_/);
    expect(call.body.error ?? call.body.result?.isError).toBeTruthy();
  });
});
