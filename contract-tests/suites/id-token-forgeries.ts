import { decodeJwt, decodeProtectedHeader, exportSPKI, generateKeyPair, importJWK, SignJWT } from 'jose';
import type { Target } from '../targets/target.ts';

/** A way to turn a valid ID token into one the server must refuse, or why the target cannot have it tried. */
export type Forgery =
  | { name: string; make(valid: string): Promise<string> }
  | { name: string; unsupported: string };

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function signWithStranger(valid: string, kid: string | undefined): Promise<string> {
  const { privateKey } = await generateKeyPair('ES256');
  return new SignJWT(decodeJwt(valid))
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT', ...(kid ? { kid } : {}) })
    .sign(privateKey);
}

/**
 * The forged, tampered and out-of-date ID tokens the suite tries. Those that need the provider's
 * signing key or public keys are offered only when the target gives them; otherwise they carry the reason.
 *
 * @example for (const f of forgeries(target)) if ('make' in f) await f.make(validToken);
 */
export function forgeries(target: Target): Forgery[] {
  const { sign, jwks } = target.idp;
  const needsSign = (
    name: string,
    make: (s: NonNullable<typeof sign>, valid: string) => Promise<string>,
  ): Forgery =>
    sign
      ? { name, make: (valid) => make(sign, valid) }
      : { name, unsupported: target.unsupported.sign ?? 'no signer' };
  return [
    {
      name: 'with a tampered payload (signature no longer matches)',
      make: async (valid) => {
        const [header, , signature] = valid.split('.');
        return `${header}.${b64url({ ...decodeJwt(valid), sub: 'someone-else' })}.${signature}`;
      },
    },
    {
      name: 'with alg none',
      make: async (valid) => `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(decodeJwt(valid))}.`,
    },
    {
      name: 'signed by an unknown key with an unknown kid',
      make: (valid) => signWithStranger(valid, 'not-a-known-kid'),
    },
    {
      name: "signed by an unknown key under the provider's kid",
      make: (valid) => signWithStranger(valid, decodeProtectedHeader(valid).kid),
    },
    jwks
      ? {
          name: "HS256-signed with the provider's public key as the secret",
          make: async (valid) => {
            const [jwk] = (await jwks()).keys;
            const pem = await exportSPKI(
              (await importJWK({ ...jwk, alg: jwk?.alg ?? 'ES256' }, jwk?.alg ?? 'ES256')) as CryptoKey,
            );
            return new SignJWT(decodeJwt(valid))
              .setProtectedHeader({ alg: 'HS256', kid: jwk?.kid ?? '' })
              .sign(new TextEncoder().encode(pem));
          },
        }
      : {
          name: "HS256-signed with the provider's public key",
          unsupported: target.unsupported.jwks ?? 'no JWKS',
        },
    needsSign('that has expired', (s, valid) =>
      s({ sub: decodeJwt(valid).sub, iat: 1_700_000_000, exp: 1_700_000_600 }),
    ),
    needsSign('for another audience', (s, valid) => s({ sub: decodeJwt(valid).sub, aud: 'another-service' })),
    needsSign('from another issuer', (s, valid) =>
      s({ sub: decodeJwt(valid).sub, iss: 'https://evil.example' }),
    ),
    needsSign('without a subject', (s) => s({})),
    needsSign('without an issued-at time', (s, valid) => s({ sub: decodeJwt(valid).sub, iat: undefined })),
  ];
}
