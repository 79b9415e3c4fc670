import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  exportJWK,
  generateKeyPair,
  type JWK,
  type JWSHeaderParameters,
  type JWTPayload,
  SignJWT,
} from 'jose';

/** An OpenID-style identity provider for the built-in target: a JWKS on loopback and a signer. */
export interface TestIdentityProvider {
  issuer: string;
  audience: string;
  jwksUrl: string;
  jwks(): Promise<{ keys: JWK[] }>;
  sign(claims: JWTPayload, header?: Partial<JWSHeaderParameters>): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts an ES256 identity provider the suite holds the private key of, so it can sign tokens a
 * real provider would never hand out (expired, other audience) and prove the server refuses them.
 *
 * @example
 * const idp = await startTestIdentityProvider();
 * const token = await idp.sign({ sub: 'alice' });
 */
export async function startTestIdentityProvider(): Promise<TestIdentityProvider> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = randomUUID();
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' }] };
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(jwks));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = 'urn:course-service:contract-tests-idp';
  const audience = 'course-service-contract-tests';
  return {
    issuer,
    audience,
    jwksUrl: `http://127.0.0.1:${port}/jwks.json`,
    jwks: async () => jwks,
    sign: (claims, header = {}) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ iss: issuer, aud: audience, iat: now, exp: now + 600, ...claims })
        .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT', ...header })
        .sign(privateKey);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
