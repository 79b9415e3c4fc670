import { ApiError, type IdTokenVerifier, invalidIdToken } from '@course-service/runtime';
import type { JWTVerifyGetKey } from 'jose';
import { jose } from './jose.ts';

const ALGORITHMS = ['RS256', 'ES256'];
const CLOCK_TOLERANCE_SECONDS = 30;

function reasonOf(error: unknown, errors: Awaited<ReturnType<typeof jose>>['errors']): string {
  if (error instanceof errors.JWTExpired) return 'it has expired';
  if (error instanceof errors.JWTClaimValidationFailed)
    return `claim '${error.claim}' is wrong (${error.reason})`;
  if (error instanceof errors.JOSEAlgNotAllowed) return 'its algorithm is not allowed (RS256 or ES256 only)';
  // The provider's keys could not be had (slow, huge or broken answer): fail closed, say why.
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid)
    return "the identity provider's keys could not be fetched; try again later";
  if (error instanceof errors.JWKSNoMatchingKey) return 'no key of the identity provider matches it';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'its signature does not verify';
  return 'it is malformed';
}

/**
 * Creates a verifier for tokens from `issuer` for `audience`, with keys from `keys` (a remote or
 * local JWKS): RS256/ES256 only, `iss`, `aud`, `exp`, `iat` and `sub` required (the core's
 * authenticator then checks that the subject is text every store keeps).
 */
export function createIdTokenVerifier(options: {
  issuer: string;
  audience: string;
  keys: JWTVerifyGetKey;
}): IdTokenVerifier {
  return {
    async verify(token) {
      const { errors, jwtVerify } = await jose();
      try {
        const { payload } = await jwtVerify(token, options.keys, {
          issuer: options.issuer,
          audience: options.audience,
          algorithms: ALGORITHMS,
          requiredClaims: ['iss', 'aud', 'exp', 'iat', 'sub'],
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
        });
        if (typeof payload.sub !== 'string') throw invalidIdToken("claim 'sub' must be a string");
        return payload.sub;
      } catch (error) {
        throw error instanceof ApiError ? error : invalidIdToken(reasonOf(error, errors), error);
      }
    },
  };
}
