import { encodeBase62, randomBase62 } from '../domain/base62.ts';
import { crc32 } from '../domain/crc32.ts';
import { looksLikeJwt } from '../domain/credentials.ts';

const ISSUER = 'urn:course-service:mock-idp';
const AUDIENCE = 'course-service';
/** Lifetime of issued tokens, as the server's development identity provider. */
export const ID_TOKEN_LIFETIME_SECONDS = 3600;
const CLOCK_TOLERANCE_SECONDS = 30;

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
const fromBase64Url = (part: string) =>
  new TextDecoder().decode(
    Uint8Array.from(atob(part.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)),
  );

/** The mock's identity provider: issues JWT-shaped ID tokens and recognises its own. */
export interface MockIdentityProvider {
  issue(subject: string): string;
  /** The subject, or why the token is refused (worded as the server's verifier). */
  verify(token: string): { subject: string } | { reason: string };
}

/**
 * Creates the provider. Tokens carry `iss`, `aud`, `sub`, `iat`, `exp`, and a tag that only this
 * mock instance computes: the mock cannot check real signatures, so it accepts only what it
 * issued (tokens survive `reset()`; those of another instance are refused, like forged ones).
 *
 * @example const idp = createMockIdentityProvider(() => new Date()); idp.verify(idp.issue('alice')) // { subject: 'alice' }
 */
export function createMockIdentityProvider(clock: () => Date): MockIdentityProvider {
  const secret = randomBase62(22);
  const tag = (signed: string) =>
    encodeBase62(crc32(`${secret}.${signed}`), 6) + encodeBase62(crc32(`${signed}.${secret}`), 6);
  return {
    issue(subject) {
      const iat = Math.floor(clock().getTime() / 1000);
      const header = toBase64Url(JSON.stringify({ alg: 'ES256', typ: 'JWT', kid: 'mock' }));
      const payload = toBase64Url(
        JSON.stringify({
          iss: ISSUER,
          aud: AUDIENCE,
          sub: subject,
          iat,
          exp: iat + ID_TOKEN_LIFETIME_SECONDS,
        }),
      );
      return `${header}.${payload}.${tag(`${header}.${payload}`)}`;
    },
    verify(token) {
      if (!looksLikeJwt(token)) return { reason: 'it is malformed' };
      const [header = '', payload = '', signature] = token.split('.');
      let claims: { alg?: unknown; sub?: unknown; exp?: unknown };
      try {
        claims = { ...JSON.parse(fromBase64Url(payload)), alg: JSON.parse(fromBase64Url(header)).alg };
      } catch {
        return { reason: 'it is malformed' };
      }
      if (claims.alg !== 'RS256' && claims.alg !== 'ES256')
        return { reason: 'its algorithm is not allowed (RS256 or ES256 only)' };
      if (signature !== tag(`${header}.${payload}`)) return { reason: 'its signature does not verify' };
      if (
        typeof claims.exp !== 'number' ||
        claims.exp + CLOCK_TOLERANCE_SECONDS <= clock().getTime() / 1000
      ) {
        return { reason: 'it has expired' };
      }
      return { subject: String(claims.sub) };
    },
  };
}
