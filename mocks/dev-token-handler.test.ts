import { describe, expect, it } from 'vitest';
import { createCourseClient } from '../sdk/index.ts';
import { useCourseServiceMock } from '../test-support/mocks/mock-server.ts';

// The mocks' own msw handler for `POST /dev/token` (the core serves no `/dev` route) answers as the
// server's development identity provider does, under the mock's base URL path; and the MCP
// endpoint refuses a browser page before authentication, in the msw adapter.

const mock = useCourseServiceMock({ baseUrl: 'http://course-service.test/cms', bodyLimitBytes: 1024 });
const url = (path: string) => `${mock.baseUrl}${path}`;
const post = (body: string, type = 'application/json') =>
  fetch(url('/dev/token'), { method: 'POST', headers: { 'Content-Type': type }, body });

/** Status, code and instance of a problem answer, with its request id checked. */
async function problemOf(response: Response) {
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  const body = (await response.json()) as { code: string; instance: string; requestId: string };
  expect(body.requestId).toBe(response.headers.get('x-request-id'));
  return `${response.status} ${body.code} ${body.instance}`;
}

describe('POST /dev/token on the mocks', () => {
  it('issues an ID token that key management accepts, never cached', async () => {
    const response = await post(JSON.stringify({ sub: 'frank' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-request-id')).toEqual(expect.any(String));
    const grant = (await response.json()) as { idToken: string };
    expect(grant).toEqual({ idToken: expect.any(String), tokenType: 'Bearer', expiresIn: 3600 });
    const keys = createCourseClient({ baseUrl: mock.baseUrl, idToken: grant.idToken, maxRetries: 0 }).apiKeys;
    expect((await keys.listPage()).data).toEqual([]);
  });

  it('answers a bad subject, another method and a bad body as the server does', async () => {
    const invalid = await post(JSON.stringify({ sub: '' }));
    expect(((await invalid.clone().json()) as { errors: unknown }).errors).toEqual([
      {
        location: 'body',
        pointer: '/sub',
        detail: 'must be a non-empty string of at most 255 characters, without control characters',
      },
    ]);
    expect(await problemOf(invalid)).toBe('400 validation_failed /cms/dev/token');
    const got = await fetch(url('/dev/token'));
    expect(got.headers.get('allow')).toBe('POST');
    expect(await problemOf(got)).toBe('405 method_not_allowed /cms/dev/token');
    expect(await problemOf(await post('sub=x', 'text/plain'))).toBe(
      '415 unsupported_media_type /cms/dev/token',
    );
    const large = JSON.stringify({ sub: 'x'.repeat(2000) });
    expect(await problemOf(await post(large))).toBe('413 payload_too_large /cms/dev/token');
    expect(await problemOf(await post('{"sub":'))).toBe('400 malformed_json /cms/dev/token');
  });

  it('leaves any other path to the core: 404, as outside the spec anywhere', async () => {
    for (const path of ['/dev/token/', '/DEV/TOKEN', '/dev/.well-known/jwks.json'])
      expect(await problemOf(await fetch(url(path)))).toBe(`404 not_found /cms${path}`);
  });
});

describe('the MCP endpoint on the mocks', () => {
  it('refuses a browser page with 403 before authentication', async () => {
    const response = await fetch(url('/mcp'), {
      method: 'POST',
      headers: { Origin: 'https://app.example', 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('x-request-id')).toEqual(expect.any(String));
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32000,
        message:
          "Origin 'https://app.example' is not allowed to call this MCP endpoint (see MCP_ALLOWED_ORIGINS).",
      },
    });
  });
});
