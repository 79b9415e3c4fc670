import { decodeBase64Url } from './base64url.ts';

const VERSION = 'v1';

/**
 * Encodes a page position (the sequence number of the last item returned) as an opaque cursor.
 * Sequence numbers only grow, so items inserted while a client pages never shift later pages.
 */
export function encodeCursor(afterSeq: number): string {
  // ASCII only, so `btoa` encodes it as it is: every list answer with a next page makes one.
  return btoa(`${VERSION}:${afterSeq}`).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** Decodes a cursor from `encodeCursor`; `undefined` if it is not one. */
export function decodeCursor(cursor: string): number | undefined {
  let text: string;
  try {
    text = decodeBase64Url(cursor);
  } catch {
    return undefined;
  }
  const match = /^v1:(\d{1,15})$/.exec(text);
  return match ? Number(match[1]) : undefined;
}
