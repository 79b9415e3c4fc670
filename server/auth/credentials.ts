import type { IncomingHttpHeaders } from 'node:http';

/** The credential a request presents, before it is checked. */
export interface PresentedCredential {
  /** From `Authorization: Bearer`, or `X-API-Key`. */
  source: 'bearer' | 'x-api-key';
  value: string;
}

const BEARER = /^Bearer[ ]+([^\s]+)\s*$/i;

/** Reads the bearer token, if `Authorization` holds one. `null` when the header is there but not Bearer. */
export function bearerToken(headers: IncomingHttpHeaders): string | null | undefined {
  const header = headers.authorization;
  if (header === undefined) return undefined;
  return BEARER.exec(header)?.[1] ?? null;
}

/** Whether a value has the shape of a JWT (three base64url parts), i.e. an ID token. */
export function looksLikeJwt(value: string): boolean {
  return /^eyJ[\w-]*\.[\w-]*\.[\w-]*$/.test(value);
}
