// Entity tags for conditional requests, shared by the server and the mocks (so no node:crypto:
// the mocks also run in browsers). The tag only has to change when the bytes do; it protects no
// secret, so a fast non-cryptographic hash of 106 bits is enough.

/**
 * cyrb53: a fast 53-bit hash with good dispersion (public domain, bryc), over `length` values
 * that `at` gives: the UTF-16 units of a text, or 32-bit words.
 */
function cyrb53(length: number, at: (i: number) => number, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < length; i++) {
    const value = at(i);
    h1 = Math.imul(h1 ^ value, 2654435761);
    h2 = Math.imul(h2 ^ value, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** The two independent 53-bit hashes an `ETag` is made of. */
export type Digest = readonly [number, number];

/** The {@link Digest} of `text`. */
export function digestOf(text: string): Digest {
  const at = (i: number) => text.charCodeAt(i);
  return [cyrb53(text.length, at, 0), cyrb53(text.length, at, 1)];
}

/** The quoted `ETag` of a {@link Digest}: base-36 text of both hashes. */
export function etagOfDigest(digest: Digest): string {
  return `"${digest[0].toString(36)}${digest[1].toString(36)}"`;
}

/**
 * A strong `ETag` for `text` (the representation's bytes, or text that determines them):
 * a quoted base-36 string of two independent 53-bit hashes.
 * @example etagOf('{"id":"crs_1"}') // '"…"'
 */
export function etagOf(text: string): string {
  return etagOfDigest(digestOf(text));
}

/**
 * The `ETag` of a text made of parts whose digests are known, in order (a page: its items'
 * representations, then `tail`, the text after them): the parts' hashes are combined as 32-bit
 * words, so no part is read again. Equal parts in equal order give equal tags; a change to any
 * part changes its digest and so the tag.
 * @example etagOfParts([digestOf('{"id":1}')], '],"hasMore":false}')
 */
export function etagOfParts(digests: readonly Digest[], tail: string): string {
  const words: number[] = [];
  for (const [first, second] of [...digests, digestOf(tail)]) {
    words.push(first >>> 0, (first / 4294967296) >>> 0, second >>> 0, (second / 4294967296) >>> 0);
  }
  const at = (i: number) => words[i] as number;
  return etagOfDigest([cyrb53(words.length, at, 0), cyrb53(words.length, at, 1)]);
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
