import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server/harness.ts';
import { specSchema } from '../../test-support/server/spec-schema.ts';
import { accountOn, createEndpoint, PUBLIC_HOOK_URL } from '../../test-support/server/webhook-accounts.ts';

let server: TestServer;
beforeAll(async () => {
  // Private addresses refused, as in production (a development server allows them by default).
  server = await startTestServer({
    RATE_LIMIT_MAX: '100000',
    KEY_CREATION_LIMIT_MAX: '1000',
    WEBHOOK_ALLOW_PRIVATE_URLS: 'false',
  });
});
afterAll(() => server.close());

const account = (subject: string, body?: Record<string, unknown>) => accountOn(server, subject, body);
const endpointPath = (id: string) => `/api/v1/webhook-endpoints/${id}`;

describe('createWebhookEndpoint', () => {
  it('201: the endpoint with its secret, shown once (no-store), with Location and the defaults', async () => {
    const { key } = await account('wh-create');
    const created = await createEndpoint(server, key);
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect(created.headers.get('location')).toBe(endpointPath(created.body.id));
    expect(specSchema('WebhookEndpointWithSecret')(created.body)).toBe(true);
    expect(created.body).toMatchObject({
      url: PUBLIC_HOOK_URL,
      description: '',
      eventTypes: ['*'],
      environment: 'prod',
      enabled: true,
      disabledReason: null,
    });
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(created.body.secretStart).toBe(created.body.secret.slice(0, 10));
    const read = await server.call('GET', endpointPath(created.body.id), { bearer: key });
    expect(read.status).toBe(200);
    const { secret, ...shown } = created.body;
    expect(read.body).toEqual(shown);
    expect(specSchema('WebhookEndpoint')(read.body)).toBe(true);
    const listed = await server.call('GET', '/api/v1/webhook-endpoints', { bearer: key });
    expect(JSON.stringify(listed.body)).not.toContain(secret);
  });

  it('201 disabled when created with enabled: false (manual)', async () => {
    const { key } = await account('wh-create-off');
    const created = await createEndpoint(server, key, { enabled: false, eventTypes: ['course.created'] });
    expect(created.body).toMatchObject({
      enabled: false,
      disabledReason: 'manual',
      eventTypes: ['course.created'],
    });
  });

  it('replays a retry with the same Idempotency-Key: one endpoint, the same answer', async () => {
    const { key } = await account('wh-idempotent');
    const headers = { 'Idempotency-Key': 'create-hook-1' };
    const first = await createEndpoint(server, key, { description: 'once' }, headers);
    const again = await createEndpoint(server, key, { description: 'once' }, headers);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const listed = await server.call('GET', '/api/v1/webhook-endpoints', { bearer: key });
    expect(listed.body.data).toHaveLength(1);
    const changed = await createEndpoint(server, key, { description: 'twice' }, headers);
    expect(changed.status).toBe(422);
  });

  it.each([
    ['http://93.184.216.34/hook', 'must be an https URL'],
    ['https://127.0.0.1/hook', 'its host is a loopback address'],
    ['https://[::1]/hook', 'its host is a loopback address'],
    ['https://0x7f.1/hook', 'its host is a loopback address'],
    ['https://[::ffff:10.0.0.1]/hook', 'its host is a private address'],
    ['https://169.254.169.254/latest', 'its host is a cloud metadata address'],
    ['https://metadata.google.internal/', 'its host is a cloud metadata service'],
    ['https://localhost/hook', 'its host is a loopback address'],
    ['https://user:pw@93.184.216.34/hook', 'must not contain credentials'],
  ])('400 validation_failed naming /url for %s', async (url, detail) => {
    const { key } = await account('wh-ssrf');
    const refused = await createEndpoint(server, key, { url });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'validation_failed',
      errors: [{ location: 'body', pointer: '/url', detail }],
    });
  });

  it('201 for a host that does not resolve yet: each delivery resolves and checks it', async () => {
    const { key } = await account('wh-unresolved');
    const url = 'https://no-such-host.invalid/hook';
    const created = await createEndpoint(server, key, { url });
    expect(created.status).toBe(201);
    expect(created.body.url).toBe(url);
    const updated = await server.call('PATCH', endpointPath(created.body.id), {
      bearer: key,
      body: { url: 'https://another-missing-host.invalid/hook' },
    });
    expect(updated.status).toBe(200);
  });

  it('400 for a body the schema refuses', async () => {
    const { key } = await account('wh-400');
    const noUrl = await server.call('POST', '/api/v1/webhook-endpoints', { bearer: key, body: {} });
    expect(noUrl.status).toBe(400);
    const badType = await createEndpoint(server, key, { eventTypes: ['course.renamed'] });
    expect(badType.body.code).toBe('validation_failed');
  });

  it('401 without a credential, 403 for a key without webhooks:write', async () => {
    expect(
      (await server.call('POST', '/api/v1/webhook-endpoints', { body: { url: PUBLIC_HOOK_URL } })).status,
    ).toBe(401);
    const { key } = await account('wh-403', { scopes: ['courses:read', 'courses:write', 'events:read'] });
    const refused = await createEndpoint(server, key);
    expect(refused.status).toBe(403);
    expect(refused.body.missingScopes).toEqual(['webhooks:write']);
  });

  it('409 webhook_endpoint_limit for the 17th endpoint of an environment; the other environment is apart', async () => {
    const { key } = await account('wh-limit');
    for (let n = 0; n < 16; n++) expect((await createEndpoint(server, key)).status).toBe(201);
    const refused = await createEndpoint(server, key);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('webhook_endpoint_limit');
    const sandbox = await account('wh-limit', { environment: 'test' });
    expect((await createEndpoint(server, sandbox.key)).body.environment).toBe('test');
  });
});

describe('an endpoint private to its account and environment', () => {
  it("404 for every operation on an unknown endpoint, another account's, or another environment's", async () => {
    const owner = await account('wh-404');
    const sandbox = await account('wh-404', { environment: 'test' });
    const stranger = await account('wh-404-stranger');
    const { id } = (await createEndpoint(server, owner.key)).body;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', endpointPath(id)],
      ['PATCH', endpointPath(id), { description: 'x' }],
      ['POST', `${endpointPath(id)}/rotate-secret`, {}],
      ['POST', `${endpointPath(id)}/test`],
      ['GET', `${endpointPath(id)}/deliveries`],
      ['DELETE', endpointPath(id)],
    ];
    for (const bearer of [sandbox.key, stranger.key]) {
      for (const [method, path, body] of calls) {
        const answer = await server.call(method, path, { bearer, ...(body === undefined ? {} : { body }) });
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(answer.body.code).toBe('not_found');
      }
    }
    const unknown = await server.call('GET', endpointPath('we_0000000000000000'), { bearer: owner.key });
    expect(unknown.status).toBe(404);
    expect((await server.call('GET', endpointPath(id), { bearer: owner.key })).status).toBe(200);
  });

  it('400 for an id that is not an endpoint id; 401 and 403 as for creation', async () => {
    const { key } = await account('wh-get-4xx');
    expect((await server.call('GET', endpointPath('crs_0000000000000000'), { bearer: key })).status).toBe(
      400,
    );
    expect((await server.call('GET', endpointPath('we_0000000000000000'))).status).toBe(401);
    const reader = await account('wh-get-4xx', { scopes: ['courses:read'] });
    expect(
      (await server.call('GET', endpointPath('we_0000000000000000'), { bearer: reader.key })).status,
    ).toBe(403);
  });
});

describe('listWebhookEndpoints', () => {
  it('200: newest first, paged, never a secret', async () => {
    const { key } = await account('wh-list');
    const ids: string[] = [];
    for (const description of ['a', 'b', 'c'])
      ids.push((await createEndpoint(server, key, { description })).body.id);
    const first = await server.call('GET', '/api/v1/webhook-endpoints?limit=2', { bearer: key });
    expect(first.status).toBe(200);
    expect(specSchema('WebhookEndpointList')(first.body)).toBe(true);
    expect(first.body.data.map((endpoint: { id: string }) => endpoint.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.hasMore).toBe(true);
    const rest = await server.call(
      'GET',
      `/api/v1/webhook-endpoints?limit=2&cursor=${first.body.nextCursor}`,
      {
        bearer: key,
      },
    );
    expect(rest.body).toMatchObject({ hasMore: false, nextCursor: null });
    expect(rest.body.data.map((endpoint: { id: string }) => endpoint.id)).toEqual([ids[0]]);
  });

  it('400 for a bad cursor, 401, 403', async () => {
    const { key } = await account('wh-list-4xx');
    const bad = await server.call('GET', '/api/v1/webhook-endpoints?cursor=bm9wZQ', { bearer: key });
    expect(bad.body.code).toBe('invalid_cursor');
    expect((await server.call('GET', '/api/v1/webhook-endpoints')).status).toBe(401);
    const reader = await account('wh-list-4xx', { scopes: ['events:read'] });
    expect((await server.call('GET', '/api/v1/webhook-endpoints', { bearer: reader.key })).status).toBe(403);
  });
});

describe('updateWebhookEndpoint', () => {
  it('200: changes the fields sent; enabled false pauses (manual), true resumes and clears the reason', async () => {
    const { key } = await account('wh-update');
    const created = (await createEndpoint(server, key)).body;
    const patch = (body: unknown) => server.call('PATCH', endpointPath(created.id), { bearer: key, body });
    const described = await patch({ description: 'Catalogue sync', eventTypes: ['course.published'] });
    expect(described.status).toBe(200);
    expect(described.body).toMatchObject({
      description: 'Catalogue sync',
      eventTypes: ['course.published'],
      url: PUBLIC_HOOK_URL,
      secretStart: created.secretStart,
    });
    expect(described.body).not.toHaveProperty('secret');
    expect((await patch({ enabled: false })).body).toMatchObject({
      enabled: false,
      disabledReason: 'manual',
    });
    expect((await patch({ enabled: true })).body).toMatchObject({ enabled: true, disabledReason: null });
    const moved = await patch({ url: 'https://93.184.216.35/v2' });
    expect(moved.body.url).toBe('https://93.184.216.35/v2');
  });

  it('400 for a refused URL (naming /url) and for an empty body', async () => {
    const { key } = await account('wh-update-400');
    const { id } = (await createEndpoint(server, key)).body;
    const refused = await server.call('PATCH', endpointPath(id), {
      bearer: key,
      body: { url: 'https://10.0.0.1/' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { location: 'body', pointer: '/url', detail: 'its host is a private address' },
    ]);
    const empty = await server.call('PATCH', endpointPath(id), { bearer: key, body: {} });
    expect(empty.status).toBe(400);
    expect((await server.call('GET', endpointPath(id), { bearer: key })).body.url).toBe(PUBLIC_HOOK_URL);
  });
});

describe('deleteWebhookEndpoint', () => {
  it('204, then 404', async () => {
    const { key } = await account('wh-delete');
    const { id } = (await createEndpoint(server, key)).body;
    const deleted = await server.call('DELETE', endpointPath(id), { bearer: key });
    expect(deleted.status).toBe(204);
    expect((await server.call('DELETE', endpointPath(id), { bearer: key })).status).toBe(404);
    expect((await server.call('GET', endpointPath(id), { bearer: key })).status).toBe(404);
  });
});

describe('rotateWebhookEndpointSecret', () => {
  it('200: a new secret, shown once (no-store); the endpoint shows its new start', async () => {
    const { key } = await account('wh-rotate');
    const created = (await createEndpoint(server, key)).body;
    const rotate = (body?: unknown) =>
      server.call('POST', `${endpointPath(created.id)}/rotate-secret`, {
        bearer: key,
        ...(body === undefined ? {} : { body }),
      });
    const rotated = await rotate();
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get('cache-control')).toBe('no-store');
    expect(specSchema('WebhookEndpointWithSecret')(rotated.body)).toBe(true);
    expect(rotated.body.secret).not.toBe(created.secret);
    expect(rotated.body.secretStart).toBe(rotated.body.secret.slice(0, 10));
    const now = await rotate({ oldSecretExpiresIn: 0 });
    expect(now.body.secret).not.toBe(rotated.body.secret);
    const read = await server.call('GET', endpointPath(created.id), { bearer: key });
    expect(read.body.secretStart).toBe(now.body.secretStart);
  });

  it('400 for an overlap longer than 7 days', async () => {
    const { key } = await account('wh-rotate-400');
    const { id } = (await createEndpoint(server, key)).body;
    const refused = await server.call('POST', `${endpointPath(id)}/rotate-secret`, {
      bearer: key,
      body: { oldSecretExpiresIn: 604_801 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('validation_failed');
  });
});
