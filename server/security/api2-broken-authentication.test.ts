import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server/harness.ts';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

// API2:2023 Broken authentication: forged and tampered ID tokens, replayed revoked keys, mistyped
// keys and master keys are all refused; no secret is ever compared character by character.
describe('API2 broken authentication', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({ MCP_MASTER_API_KEY: 'm'.repeat(40) });
    token = await server.idToken('alice');
  });
  afterAll(() => server.close());

  const keysWith = (bearer: string) => server.call('GET', '/api/v1/api-keys', { bearer });

  it('accepts the provider’s own token (so the refusals below are about the forgery)', async () => {
    expect((await keysWith(token)).status).toBe(200);
  });

  it('refuses forged ID tokens: alg none, HS256 keyed with the public JWKS, a foreign key, edited claims', async () => {
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const jwks = (await server.call('GET', '/dev/.well-known/jwks.json')).body;
    const now = Math.floor(Date.now() / 1000);
    const forgeries = {
      none: `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      hs256: await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', kid: jwks.keys[0].kid })
        .sign(new TextEncoder().encode(JSON.stringify(jwks.keys[0]))),
      otherSubject: `${header}.${b64({ ...claims, sub: 'mallory' })}.${signature}`,
      expiredResigned: `${header}.${b64({ ...claims, exp: now - 3600 })}.${signature}`,
      truncated: `${header}.${payload}.${signature.slice(0, -4)}`,
    };
    for (const [name, forged] of Object.entries(forgeries)) {
      const response = await keysWith(forged);
      expect(response.status, name).toBe(401);
      expect(response.body.code, name).toBe('invalid_id_token');
      expect(response.headers.get('www-authenticate'), name).toMatch(/error="invalid_token"/);
    }
  });

  it('refuses a revoked key from the very next request, however often it is replayed', async () => {
    const key = await server.apiKey('alice');
    expect((await server.call('GET', '/api/v1/courses', { bearer: key })).status).toBe(200);
    const { id } = (await keysWith(token)).body.data[0];
    expect((await server.call('DELETE', `/api/v1/api-keys/${id}`, { bearer: token })).status).toBe(200);
    for (let replay = 0; replay < 3; replay++) {
      const response = await server.call('GET', '/api/v1/courses', { bearer: key });
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('api_key_revoked');
    }
  });

  it('refuses a key one character off, and a master key one character off or longer', async () => {
    const key = await server.apiKey('alice');
    const last = key.at(-1) === 'A' ? 'B' : 'A';
    const mistyped = await server.call('GET', '/api/v1/courses', { bearer: `${key.slice(0, -1)}${last}` });
    expect(mistyped.status).toBe(401);
    const mcp = (bearer: string) =>
      server.call('POST', '/mcp', {
        bearer,
        headers: { Accept: 'application/json, text/event-stream' },
        body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      });
    expect((await mcp('m'.repeat(40))).status).toBe(200);
    for (const wrong of [`${'m'.repeat(39)}n`, 'm'.repeat(41), 'm'.repeat(39)])
      expect((await mcp(wrong)).status).toBe(401);
  });

  it('compares no secret directly: keys are found by their HMAC, never stored or logged in clear', async () => {
    // A lookup by keyed hash means no stored secret is compared character by character with the
    // one sent (the timing side channel of a naive comparison); the master key is compared as
    // fixed-length SHA-256 digests with timingSafeEqual (server/mcp/mcp-auth.ts).
    const key = await server.apiKey('bob');
    const stored = readdirSync(server.dataDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => readFileSync(join(entry.parentPath, entry.name)).toString('latin1'));
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.some((content) => content.includes(key))).toBe(false);
    expect(stored.some((content) => content.includes(key.slice(9)))).toBe(false);
    expect(server.logs.join('\n')).not.toContain(key);
    expect(server.logs.join('\n')).not.toContain(token);
  });
});
