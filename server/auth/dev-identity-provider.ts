import type { createLocalJWKSet, JWK } from 'jose';
import { jose } from './jose.ts';
import { loadLocalSecret } from './local-secret.ts';

/** Issuer of the built-in development identity provider's tokens. */
export const DEV_ISSUER = 'urn:course-service:dev-idp';
/** Audience of the built-in development identity provider's tokens. */
export const DEV_AUDIENCE = 'course-service';
const TOKEN_LIFETIME_SECONDS = 3600;

/** The built-in development identity provider: signs ID tokens for any subject. Never in production. */
export interface DevIdentityProvider {
  jwks: { keys: JWK[] };
  keys: ReturnType<typeof createLocalJWKSet>;
  issueToken(subject: string): Promise<string>;
}

/** Loads (or creates, in `dataDir`) the ES256 signing key and returns the provider. */
export async function createDevIdentityProvider(dataDir: string): Promise<DevIdentityProvider> {
  const { calculateJwkThumbprint, createLocalJWKSet, exportJWK, generateKeyPair, importJWK, SignJWT } =
    await jose();
  const created = await generateKeyPair('ES256', { extractable: true });
  const generated = await exportJWK(created.privateKey);
  const privateJwk = loadLocalSecret<JWK>(dataDir, 'dev-idp-signing-key', () => generated);
  const kid = await calculateJwkThumbprint(privateJwk);
  const { d: _private, ...publicJwk } = privateJwk;
  const jwks = { keys: [{ ...publicJwk, kid, alg: 'ES256', use: 'sig' }] };
  const signingKey = await importJWK(privateJwk, 'ES256');
  return {
    jwks,
    keys: createLocalJWKSet(jwks),
    issueToken: (subject) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
        .setIssuer(DEV_ISSUER)
        .setAudience(DEV_AUDIENCE)
        .setSubject(subject)
        .setIssuedAt()
        .setExpirationTime(`${TOKEN_LIFETIME_SECONDS}s`)
        .sign(signingKey),
  };
}
