import { generateKeyPair, importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server/harness.ts';
import { DEV_AUDIENCE, DEV_ISSUER } from './dev-identity-provider.ts';

let server: TestServer;
let jwks: { keys: Array<Record<string, string>> };
beforeAll(async () => {
  server = await startTestServer();
  jwks = (await server.call('GET', '/dev/.well-known/jwks.json')).body;
});
afterAll(() => server.close());

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claims = (overrides: Record<string, unknown> = {}) => {
  const now = Math.floor(Date.now() / 1000);
  return { iss: DEV_ISSUER, aud: DEV_AUDIENCE, sub: 'mallory', iat: now, exp: now + 600, ...overrides };
};

async function listKeys(token: string) {
  return server.call('GET', '/api/v1/api-keys', { bearer: token });
}

async function signWithStranger(payload: Record<string, unknown>, kid: string) {
  const { privateKey } = await generateKeyPair('ES256');
  return new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid }).sign(privateKey);
}

describe('ID token verification', () => {
  it('accepts a token of the identity provider', async () => {
    expect((await listKeys(await server.idToken('alice'))).status).toBe(200);
  });

  it.each([
    ['missing', undefined, 'authentication_required'],
    ['not a JWT', 'garbage', 'invalid_id_token'],
    ["with alg 'none'", `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`, 'invalid_id_token'],
  ])('refuses a token %s', async (_name, token, code) => {
    const response =
      token === undefined ? await server.call('GET', '/api/v1/api-keys') : await listKeys(token);
    expect(response.status).toBe(401);
    expect(response.body.code).toBe(code);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer realm=/);
  });

  it('refuses HS256 signed with the public key (algorithm confusion)', async () => {
    const publicJwk = jwks.keys[0] as Record<string, string>;
    const secret = new TextEncoder().encode(JSON.stringify(publicJwk));
    const token = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'HS256', kid: publicJwk.kid })
      .sign(secret);
    expect((await listKeys(token)).body.code).toBe('invalid_id_token');
  });

  it('refuses a token signed by another key, with a known or an unknown kid', async () => {
    const kid = (jwks.keys[0] as Record<string, string>).kid as string;
    expect((await listKeys(await signWithStranger(claims(), kid))).status).toBe(401);
    expect((await listKeys(await signWithStranger(claims(), 'unknown-kid'))).status).toBe(401);
  });

  it('refuses a tampered token', async () => {
    const [header, , signature] = (await server.idToken('alice')).split('.');
    const forged = `${header}.${b64(claims({ sub: 'admin' }))}.${signature}`;
    expect((await listKeys(forged)).body.code).toBe('invalid_id_token');
  });

  it.each([
    ['the wrong issuer', { iss: 'https://evil.example' }],
    ['the wrong audience', { aud: 'someone-else' }],
    [
      'an expired exp',
      { exp: Math.floor(Date.now() / 1000) - 3600, iat: Math.floor(Date.now() / 1000) - 7200 },
    ],
    ['no sub', { sub: undefined }],
    ['an empty sub', { sub: ' ' }],
    // PostgreSQL cannot store a NUL: a subject becomes stored text, so it must be text every store keeps.
    ['a sub with a NUL', { sub: 'a\u0000b' }],
    ['a sub with a control character', { sub: 'line\nbreak' }],
    ['no iat', { iat: undefined }],
  ])('refuses a correctly signed token with %s', async (_name, overrides) => {
    // Signed with the development provider's own key, read from its data directory.
    const { readFileSync } = await import('node:fs');
    const jwk = JSON.parse(readFileSync(`${server.dataDir}/secrets/dev-idp-signing-key.json`, 'utf8'));
    const key = await importJWK(jwk, 'ES256');
    const payload = Object.fromEntries(Object.entries(claims(overrides)).filter(([, v]) => v !== undefined));
    const token = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'ES256', kid: jwks.keys[0]?.kid })
      .sign(key);
    const response = await listKeys(token);
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('invalid_id_token');
  });

  it('refuses an API key on key management, naming the expected credential', async () => {
    const key = await server.apiKey('alice');
    for (const response of [
      await listKeys(key),
      await server.call('GET', '/api/v1/api-keys', { headers: { 'x-api-key': key } }),
    ]) {
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('wrong_credential_type');
      expect(response.body.detail).toMatch(/ID token/);
    }
  });

  it('keeps its signing key out of the JWKS', async () => {
    expect(jwks.keys[0]).not.toHaveProperty('d');
    expect(jwks.keys).toHaveLength(1);
  });
});
