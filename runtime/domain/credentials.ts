const TOKEN = /^[^\s]+$/;

/**
 * The bearer token of an `Authorization` header value: `undefined` without the header, `null` when
 * it is not a Bearer credential (`Bearer`, any case, then spaces, then one token, then optional
 * whitespace). Parsed without a regular expression over the whole value: it runs on every request.
 *
 * @example bearerToken('Bearer abc') // 'abc'
 */
export function bearerToken(authorization: string | null | undefined): string | null | undefined {
  if (authorization === null || authorization === undefined) return undefined;
  if (authorization.length < 8 || authorization.charCodeAt(6) !== 32) return null;
  const scheme = authorization.slice(0, 6);
  if (scheme !== 'Bearer' && scheme.toLowerCase() !== 'bearer') return null;
  let start = 7;
  while (authorization.charCodeAt(start) === 32) start++;
  const token = authorization.slice(start).trimEnd();
  return TOKEN.test(token) ? token : null;
}

/**
 * Whether a value has the shape of a JWT (three base64url parts), i.e. is an ID token.
 *
 * @example looksLikeJwt('eyJhbGciOiJFUzI1NiJ9.e30.c2ln') // true
 */
export function looksLikeJwt(value: string): boolean {
  return value.startsWith('eyJ') && JWT.test(value);
}

const JWT = /^eyJ[\w-]*\.[\w-]*\.[\w-]*$/;
