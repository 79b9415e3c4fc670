import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestResponse, type TestServer } from '../../test-support/server/harness.ts';

let server: TestServer;
let key: string;
beforeAll(async () => {
  server = await startTestServer();
  key = await server.apiKey('alice');
});
afterAll(() => server.close());

function expectProblem(response: TestResponse, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  expect(response.body).toMatchObject({ status, code, type: `urn:course-service:problem:${code}` });
  expect(response.body.requestId).toBe(response.headers.get('x-request-id'));
  expect(JSON.stringify(response.body)).not.toMatch(/ at .*\.ts:\d+/);
}

describe('errors as RFC 9457 problems', () => {
  it('answers an unknown path with 404', async () => {
    expectProblem(await server.call('GET', '/api/v1/nope', { bearer: key }), 404, 'not_found');
  });

  it('answers a wrong method with 405 and Allow', async () => {
    const response = await server.call('PUT', '/api/v1/courses', { bearer: key, body: {} });
    expectProblem(response, 405, 'method_not_allowed');
    expect(response.headers.get('allow')).toBe('GET, HEAD, POST');
    const deleteOnly = await server.call('GET', '/api/v1/test-data', { bearer: key });
    expectProblem(deleteOnly, 405, 'method_not_allowed');
    expect(deleteOnly.headers.get('allow')).toBe('DELETE');
  });

  it('answers HEAD wherever GET is served, with the GET headers and length and no body', async () => {
    const { id } = (
      await server.call('POST', '/api/v1/courses', { bearer: key, body: { name: 'H', description: '' } })
    ).body;
    for (const path of [
      '/healthz',
      '/api/openapi',
      '/api/v1/courses',
      `/api/v1/courses/${id}`,
      '/dev/.well-known/jwks.json',
      '/dev/secret-scanning/public-keys',
    ]) {
      const headers = { authorization: `Bearer ${key}` };
      const get = await fetch(`${server.url}${path}`, { headers });
      const getBody = await get.text();
      const head = await fetch(`${server.url}${path}`, { method: 'HEAD', headers });
      expect({ path, status: head.status, body: await head.text() }).toEqual({
        path,
        status: get.status,
        body: '',
      });
      expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(getBody)));
      for (const name of ['content-type', 'etag', 'cache-control', 'x-content-type-options'])
        expect(head.headers.get(name)).toBe(get.headers.get(name));
    }
    // Conditional and refused HEADs answer as their GETs do, still without a body.
    const etag = (
      await fetch(`${server.url}/api/v1/courses/${id}`, { headers: { authorization: `Bearer ${key}` } })
    ).headers.get('etag') as string;
    const notModified = await fetch(`${server.url}/api/v1/courses/${id}`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${key}`, 'if-none-match': etag },
    });
    expect(notModified.status).toBe(304);
    const refused = await fetch(`${server.url}/api/v1/courses`, { method: 'HEAD' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer realm=/);
    expect(await refused.text()).toBe('');
  });

  it('answers a non-JSON body with 415', async () => {
    const response = await server.call('POST', '/api/v1/courses', {
      bearer: key,
      body: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expectProblem(response, 415, 'unsupported_media_type');
  });

  it('answers malformed JSON with 400 malformed_json', async () => {
    expectProblem(
      await server.call('POST', '/api/v1/courses', { bearer: key, body: '{"name": ' }),
      400,
      'malformed_json',
    );
  });

  it('answers a body over the limit with 413, by Content-Length or while streaming', async () => {
    const big = JSON.stringify({ name: 'x', description: 'y'.repeat(70_000) });
    expectProblem(
      await server.call('POST', '/api/v1/courses', { bearer: key, body: big }),
      413,
      'payload_too_large',
    );
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const response = await fetch(`${server.url}/api/v1/courses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it('lists every invalid field of a body, query or path', async () => {
    const body = await server.call('POST', '/api/v1/courses', { bearer: key, body: { name: '', extra: 1 } });
    expectProblem(body, 400, 'validation_failed');
    expect(body.body.errors).toEqual(
      expect.arrayContaining([
        { location: 'body', pointer: '/description', detail: 'is required' },
        { location: 'body', pointer: '/extra', detail: 'is not a known field' },
        expect.objectContaining({ location: 'body', pointer: '/name' }),
      ]),
    );
    const query = await server.call('GET', '/api/v1/courses?limit=500&status=gone', { bearer: key });
    expectProblem(query, 400, 'validation_failed');
    expect(query.body.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual([
      '/limit',
      '/status',
    ]);
    const path = await server.call('GET', '/api/v1/courses/not-an-id', { bearer: key });
    expect(path.body.errors).toEqual([expect.objectContaining({ location: 'path', pointer: '/courseId' })]);
  });

  it('coerces query parameters but never body fields', async () => {
    expect((await server.call('GET', '/api/v1/courses?limit=2', { bearer: key })).status).toBe(200);
    const response = await server.call('POST', '/api/v1/courses', {
      bearer: key,
      body: { name: 123, description: true },
    });
    expectProblem(response, 400, 'validation_failed');
    expect(response.body.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual([
      '/description',
      '/name',
    ]);
  });

  it('requires a body where the operation takes one', async () => {
    const response = await server.call('POST', '/api/v1/courses', { bearer: key });
    expectProblem(response, 400, 'validation_failed');
  });

  it('echoes a well-formed X-Request-Id and replaces a malformed one', async () => {
    const echoed = await server.call('GET', '/healthz', { headers: { 'x-request-id': 'trace-123' } });
    expect(echoed.headers.get('x-request-id')).toBe('trace-123');
    const replaced = await server.call('GET', '/healthz', {
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the OpenAPI document with an ETag and honours If-None-Match', async () => {
    const first = await server.call('GET', '/api/openapi');
    expect(first.status).toBe(200);
    expect(first.body.openapi).toBe('3.1.0');
    expect(first.headers.get('cache-control')).toContain('max-age');
    const etag = first.headers.get('etag') as string;
    const second = await server.call('GET', '/api/openapi', { headers: { 'if-none-match': etag } });
    expect(second.status).toBe(304);
  });

  it("gives every answer its status's reason phrase, a mount's errors included", async () => {
    const headers = { authorization: `Bearer ${key}` };
    const answers = [
      [200, await fetch(`${server.url}/api/v1/courses`, { headers })],
      [404, await fetch(`${server.url}/api/v1/nope`, { headers })],
      [401, await fetch(`${server.url}/api/v1/courses`)],
      [404, await fetch(`${server.url}/dashboard/assets/nope.js`)],
      [405, await fetch(`${server.url}/dashboard/`, { method: 'POST' })],
      [405, await fetch(`${server.url}/docs`, { method: 'DELETE' })],
      [405, await fetch(`${server.url}/`, { method: 'POST' })],
    ] as const;
    const phrases = { 200: 'OK', 401: 'Unauthorized', 404: 'Not Found', 405: 'Method Not Allowed' };
    for (const [status, response] of answers) {
      await response.arrayBuffer();
      expect({ url: response.url, status: response.status, phrase: response.statusText }).toEqual({
        url: response.url,
        status,
        phrase: phrases[status],
      });
    }
  });

  it('reports health', async () => {
    const response = await server.call('GET', '/healthz');
    expect(response.body).toEqual({
      status: 'ok',
      version: expect.any(String),
      checks: expect.objectContaining({ database: { status: 'up' } }),
    });
  });
});
