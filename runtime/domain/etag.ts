// Entity tags for conditional requests, shared by the server and the mocks (so no node:crypto:
// the mocks also run in browsers). The tag only has to change when the bytes do; it protects no
// secret, so a fast non-cryptographic hash of 106 bits is enough.

// cyrb53: a fast 53-bit hash with good dispersion (public domain, bryc), over the UTF-16 units
// of a text or over 32-bit words. Plain loops, no callbacks: tsx names every local closure, at a
// cost per call on these hot paths.

function cyrb53Text(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const value = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ value, 2654435761);
    h2 = Math.imul(h2 ^ value, 1597334677);
  }
  return cyrb53Finish(h1, h2);
}

function cyrb53Words(words: Uint32Array, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < words.length; i++) {
    const value = words[i] as number;
    h1 = Math.imul(h1 ^ value, 2654435761);
    h2 = Math.imul(h2 ^ value, 1597334677);
  }
  return cyrb53Finish(h1, h2);
}

function cyrb53Finish(h1: number, h2: number): number {
  const a = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  const b = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(a ^ (a >>> 13), 3266489909);
  return 4294967296 * (2097151 & b) + (a >>> 0);
}

/** The two independent 53-bit hashes an `ETag` is made of. */
export type Digest = readonly [number, number];

/** The {@link Digest} of `text`. */
export function digestOf(text: string): Digest {
  return [cyrb53Text(text, 0), cyrb53Text(text, 1)];
}

/** A 53-bit hash as hex, from its two 32-bit halves: a sixth of the time `toString(36)` takes. */
const hex53 = (n: number): string =>
  ((n / 4294967296) >>> 0).toString(16) + (n >>> 0).toString(16).padStart(8, '0');

/** The quoted `ETag` of a {@link Digest}: hex text of both hashes. */
export function etagOfDigest(digest: Digest): string {
  return `"${hex53(digest[0])}${hex53(digest[1])}"`;
}

/**
 * A strong `ETag` for `text` (the representation's bytes, or text that determines them):
 * a quoted hex string of two independent 53-bit hashes.
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
  const words = new Uint32Array(digests.length * 4 + 4);
  for (let i = 0; i < digests.length; i++) putWords(words, i * 4, digests[i] as Digest);
  putWords(words, digests.length * 4, digestOf(tail));
  return etagOfDigest([cyrb53Words(words, 0), cyrb53Words(words, 1)]);
}

/** Writes two 53-bit hashes as four 32-bit words at `at`. */
function putWords(words: Uint32Array, at: number, [first, second]: Digest): void {
  words[at] = first >>> 0;
  words[at + 1] = (first / 4294967296) >>> 0;
  words[at + 2] = second >>> 0;
  words[at + 3] = (second / 4294967296) >>> 0;
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
