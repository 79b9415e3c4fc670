import { type IdTokenVerifier, invalidIdToken } from '@course-service/runtime';
import { encodeBase62, randomBase62 } from '@course-service/runtime/domain/base62';
import {
  decodeBase64Url as fromBase64Url,
  encodeBase64Url as toBase64Url,
} from '@course-service/runtime/domain/base64url';
import { crc32 } from '@course-service/runtime/domain/crc32';
import { looksLikeJwt } from '@course-service/runtime/domain/credentials';

const ISSUER = 'urn:course-service:mock-idp';
const AUDIENCE = 'course-service';
/** Lifetime of issued tokens, as the server's development identity provider. */
const ID_TOKEN_LIFETIME_SECONDS = 3600;
const CLOCK_TOLERANCE_SECONDS = 30;

/** The mock's identity provider: issues JWT-shaped ID tokens and recognises its own. */
export interface MockIdentityProvider {
  /** An ID token for `subject`, at once (what `POST /dev/token` answers too). */
  token(subject: string): string;
  /** Lifetime of the tokens it issues, in seconds. */
  lifetimeSeconds: number;
  /** Checks tokens as the server's verifier does, with its wording; `declared` tokens map to their subjects. */
  verifier(declared: Readonly<Record<string, string>>): IdTokenVerifier;
}

/**
 * Creates the provider. Tokens carry `iss`, `aud`, `sub`, `iat`, `exp`, and a tag that only this
 * mock instance computes: the mock cannot check real signatures, so it accepts only what it
 * issued (tokens survive `reset()`; those of another instance are refused, like forged ones).
 *
 * @example const idp = createMockIdentityProvider(() => new Date()); await idp.verifier({}).verify(idp.token('alice')) // 'alice'
 */
export function createMockIdentityProvider(clock: () => Date): MockIdentityProvider {
  const secret = randomBase62(22);
  const tag = (signed: string) =>
    encodeBase62(crc32(`${secret}.${signed}`), 6) + encodeBase62(crc32(`${signed}.${secret}`), 6);
  function issue(subject: string): string {
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
  }
  function reasonToRefuse(token: string): string | undefined {
    if (!looksLikeJwt(token)) return 'it is malformed';
    const [header = '', payload = '', signature] = token.split('.');
    let claims: { alg?: unknown; sub?: unknown; exp?: unknown };
    try {
      claims = { ...JSON.parse(fromBase64Url(payload)), alg: JSON.parse(fromBase64Url(header)).alg };
    } catch {
      return 'it is malformed';
    }
    if (claims.alg !== 'RS256' && claims.alg !== 'ES256')
      return 'its algorithm is not allowed (RS256 or ES256 only)';
    if (signature !== tag(`${header}.${payload}`)) return 'its signature does not verify';
    if (typeof claims.exp !== 'number' || claims.exp + CLOCK_TOLERANCE_SECONDS <= clock().getTime() / 1000) {
      return 'it has expired';
    }
    return undefined;
  }
  return {
    token: issue,
    lifetimeSeconds: ID_TOKEN_LIFETIME_SECONDS,
    verifier: (declared) => ({
      async verify(token) {
        if (Object.hasOwn(declared, token)) return declared[token] as string;
        const reason = reasonToRefuse(token);
        if (reason !== undefined) throw invalidIdToken(reason);
        return String(JSON.parse(fromBase64Url(token.split('.')[1] ?? '')).sub);
      },
    }),
  };
}
