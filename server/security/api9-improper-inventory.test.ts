import { openApiDocument } from '@course-service/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server/harness.ts';

// API9:2023 Improper inventory management: every route the server answers is in the spec, and
// every operation of the spec is answered. The only routes outside it are documented in the README:
// the landing page and the API reference (/, /docs), the dashboard (web pages, not API), in
// development only, the development identity provider and secret scanner, and, with METRICS=on,
// /metrics.
const spec = openApiDocument as unknown as {
  paths: Record<string, Record<string, unknown>>;
};
// TRACE is left out: fetch refuses to send it (and Node's server answers it like any unknown route).
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const DOCUMENTED_OUTSIDE_SPEC = [
  'GET /',
  'HEAD /',
  'GET /docs',
  'HEAD /docs',
  'GET /dashboard',
  'HEAD /dashboard',
  'POST /dev/token',
  'GET /dev/.well-known/jwks.json',
  'HEAD /dev/.well-known/jwks.json',
  'POST /dev/secret-scanning/signature',
  'GET /dev/secret-scanning/public-keys',
  'HEAD /dev/secret-scanning/public-keys',
  // Sign-in for MCP clients: the protected resource metadata (always), and the development
  // authorization server (only without a configured identity provider).
  ...['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp'].flatMap(
    (path) => [`GET ${path}`, `HEAD ${path}`],
  ),
  'GET /.well-known/oauth-authorization-server/oauth',
  'HEAD /.well-known/oauth-authorization-server/oauth',
  'POST /oauth/register',
  'GET /oauth/authorize',
  'HEAD /oauth/authorize',
  'POST /oauth/authorize',
  'POST /oauth/token',
];
const SIGN_IN_PATHS = [
  '/.well-known/oauth-protected-resource',
  '/.well-known/oauth-protected-resource/mcp',
  '/.well-known/oauth-authorization-server/oauth',
  '/oauth/register',
  '/oauth/authorize',
  '/oauth/token',
];
/** Paths an attacker tries for forgotten endpoints: old versions, admin, debug, docs, metrics. */
const PROBES = [
  '/',
  '/api',
  '/api/v0/courses',
  '/api/v2/courses',
  '/v1/courses',
  '/api/v1',
  '/api/v1/users',
  '/api/v1/admin',
  '/admin',
  '/debug',
  '/metrics',
  '/status',
  '/health',
  '/swagger',
  '/docs',
  '/graphql',
  '/.env',
  '/api/v1/courses/crs_0000000000000000/owner',
  '/api/v1/api-keys/key_0000000000000000/rotate',
  '/api/openapi.yaml',
  '/mcp/sse',
  '/dev',
  '/dev/keys',
  '/dev/secret-scanning',
  '/.well-known',
  '/.well-known/openid-configuration',
  '/.well-known/oauth-authorization-server',
  '/oauth',
  '/oauth/revoke',
  '/oauth/userinfo',
];

describe('API9 improper inventory: the router answers exactly the spec', () => {
  let server: TestServer;
  let headers: Record<string, string>;
  let key: string;
  beforeAll(async () => {
    server = await startTestServer();
    // With a credential: /mcp authenticates before it looks at the method.
    key = await server.apiKey('inventory');
    headers = { Authorization: `Bearer ${key}` };
  });
  // A real course for each path, so routes taking its id answer (a 404 would hide whether the route exists).
  const newCourse = async () =>
    (await server.call('POST', '/api/v1/courses', { bearer: key, body: { name: 'x', description: '' } })).body
      .id as string;
  afterAll(() => server.close());

  /** Every method on `path`: the ones that reach something, as `METHOD /template`. */
  async function answered(path: string, template = path, base = server.url): Promise<string[]> {
    const found: string[] = [];
    for (const method of METHODS) {
      const response = await fetch(`${base}${path}`, { method, headers });
      await response.arrayBuffer();
      if (response.status !== 404 && response.status !== 405) found.push(`${method} ${template}`);
    }
    return found;
  }

  it('each spec path answers its spec methods and refuses the others with 405 and Allow', async () => {
    const reached: string[] = [];
    const declared: string[] = [];
    for (const [template, item] of Object.entries(spec.paths)) {
      const path = template
        .replace('{courseId}', await newCourse())
        .replace('{keyId}', 'key_0000000000000000');
      reached.push(...(await answered(path, template)));
      // HEAD is implied wherever GET is declared (RFC 9110), and answered as it.
      const methods = METHODS.filter(
        (method) => method.toLowerCase() in item || (method === 'HEAD' && 'get' in item),
      );
      declared.push(...methods.map((method) => `${method} ${template}`));
      const refused = await fetch(`${server.url}${path}`, { method: 'PUT', headers });
      if (!methods.includes('PUT')) {
        expect(refused.status, `PUT ${template}`).toBe(405);
        expect(refused.headers.get('allow')?.split(/,\s*/).sort()).toEqual([...methods].sort());
      }
    }
    // Refusals of the credential or input count as reached (401, 400): the route exists.
    expect(reached.sort()).toEqual(declared.sort());
  });

  it('no other path answers, besides the documented pages and development routes', async () => {
    const reached: string[] = [];
    for (const path of [
      ...PROBES,
      ...SIGN_IN_PATHS,
      '/dashboard',
      '/dev/token',
      '/dev/.well-known/jwks.json',
      '/dev/secret-scanning/signature',
      '/dev/secret-scanning/public-keys',
    ])
      reached.push(...(await answered(path)));
    expect(reached.filter((route) => !DOCUMENTED_OUTSIDE_SPEC.includes(route))).toEqual([]);
    expect(reached).toEqual(
      expect.arrayContaining(
        DOCUMENTED_OUTSIDE_SPEC.filter((route) => / \/(oauth|\.well-known|dev)/.test(route)),
      ),
    );
  });

  it('with METRICS=on, GET and HEAD /metrics are the one route more, and nothing under it', async () => {
    const metered = await startTestServer({ METRICS: 'on' });
    try {
      const reached: string[] = [];
      for (const path of [...PROBES, '/metrics/', '/metrics/x'])
        reached.push(...(await answered(path, path, metered.url)));
      const extra = reached.filter((route) => !DOCUMENTED_OUTSIDE_SPEC.includes(route));
      expect(extra).toEqual(['GET /metrics', 'HEAD /metrics']);
    } finally {
      await metered.close();
    }
  });

  it('the version the spec states is the one the service reports', async () => {
    const health = await server.call('GET', '/healthz');
    const document = await server.call('GET', '/api/openapi');
    expect(health.body.version).toBe(document.body.info.version);
  });
});
