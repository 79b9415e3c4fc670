const BEARER = /^Bearer[ ]+([^\s]+)\s*$/i;

/**
 * The bearer token of an `Authorization` header value: `undefined` without the header, `null` when
 * it is not a Bearer credential.
 *
 * @example bearerToken('Bearer abc') // 'abc'
 */
export function bearerToken(authorization: string | null | undefined): string | null | undefined {
  if (authorization === null || authorization === undefined) return undefined;
  return BEARER.exec(authorization)?.[1] ?? null;
}

/**
 * Whether a value has the shape of a JWT (three base64url parts), i.e. is an ID token.
 *
 * @example looksLikeJwt('eyJhbGciOiJFUzI1NiJ9.e30.c2ln') // true
 */
export function looksLikeJwt(value: string): boolean {
  return /^eyJ[\w-]*\.[\w-]*\.[\w-]*$/.test(value);
}
