// Entity tags for conditional requests, shared by the server and the mocks (so no node:crypto:
// the mocks also run in browsers). The tag only has to change when the bytes do; it protects no
// secret, so a fast non-cryptographic hash of 106 bits is enough.

/** cyrb53: a fast 53-bit string hash with good dispersion (public domain, bryc). */
function cyrb53(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * A strong `ETag` for `text` (the representation's bytes, or text that determines them):
 * a quoted base-36 string of two independent 53-bit hashes.
 * @example etagOf('{"id":"crs_1"}') // '"…"'
 */
export function etagOf(text: string): string {
  return `"${cyrb53(text, 0).toString(36)}${cyrb53(text, 1).toString(36)}"`;
}

/**
 * Whether an `If-None-Match` header matches `etag`: `*`, or any listed tag by the weak comparison
 * RFC 9110 prescribes for `If-None-Match` (a `W/` prefix is ignored).
 * @example ifNoneMatchHits('W/"a", "b"', '"b"') // true
 */
export function ifNoneMatchHits(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  // The common case, one tag sent back verbatim, without splitting.
  if (header === etag) return true;
  for (const part of header.split(',')) {
    const tag = part.trim();
    if (tag === '*' || tag === etag || (tag.startsWith('W/') && tag.slice(2) === etag)) return true;
  }
  return false;
}
