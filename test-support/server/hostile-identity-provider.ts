import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

/** How the provider answers `GET /jwks.json`: properly, or in one of the ways a hostile one would. */
type JwksBehaviour = 'normal' | 'huge' | 'slow' | 'drip' | 'malformed' | 'not-a-jwks' | 'redirect' | 'error';

/** An identity provider on loopback whose JWKS answer can turn hostile, and which records every request it gets. */
export interface HostileIdentityProvider {
  issuer: string;
  audience: string;
  jwksUrl: string;
  /** Every request the provider received, as `METHOD /path`. */
  requests: string[];
  behaviour: JwksBehaviour;
  sign(claims?: JWTPayload, header?: Record<string, unknown>): Promise<string>;
  /** The server's env for trusting this provider. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

/**
 * Starts an ES256 identity provider for the security tests (API7, API10): its JWKS may answer a
 * megabytes-large body, never answer, drip a byte at a time, send non-JSON, a non-JWKS, a redirect
 * to the cloud metadata address, or a 500.
 *
 * @example const idp = await startHostileIdentityProvider(); idp.behaviour = 'slow';
 */
export async function startHostileIdentityProvider(): Promise<HostileIdentityProvider> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = randomUUID();
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' }] });
  const requests: string[] = [];
  const hanging = new Set<NodeJS.Timeout>();
  const provider = { behaviour: 'normal' as JwksBehaviour };
  const server = createServer((req: IncomingMessage, res) => {
    requests.push(`${req.method} ${req.url}`);
    const json = { 'Content-Type': 'application/json' };
    switch (provider.behaviour) {
      case 'normal':
        return res.writeHead(200, json).end(jwks);
      case 'huge':
        return res
          .writeHead(200, json)
          .end(`{"keys":[${`{"kty":"oct","k":"${'A'.repeat(1000)}"},`.repeat(4000)}{}]}`);
      case 'slow':
        return; // never answers
      case 'drip': {
        res.writeHead(200, json).write('{"keys":[');
        const timer = setInterval(() => res.write(' '), 100);
        hanging.add(timer);
        return;
      }
      case 'malformed':
        return res.writeHead(200, json).end('{"keys": [ this is not json');
      case 'not-a-jwks':
        return res.writeHead(200, json).end('{"keys": "none"}');
      case 'redirect':
        return res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' }).end();
      case 'error':
        return res.writeHead(500).end('internal error');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = 'urn:course-service:hostile-idp';
  const audience = 'course-service-security-tests';
  const jwksUrl = `http://127.0.0.1:${port}/jwks.json`;
  return Object.assign(provider, {
    issuer,
    audience,
    jwksUrl,
    requests,
    sign(claims: JWTPayload = {}, header: Record<string, unknown> = {}) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ iss: issuer, aud: audience, iat: now, exp: now + 600, sub: 'alice', ...claims })
        .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT', ...header })
        .sign(privateKey);
    },
    env: () => ({ IDP_ISSUER: issuer, IDP_AUDIENCE: audience, IDP_JWKS_URL: jwksUrl }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of hanging) clearInterval(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
