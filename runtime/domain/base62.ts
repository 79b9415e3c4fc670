/** The 62 characters of base62, in the order used for ids and key values. */
export const BASE62_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

// Random bytes are drawn from the CSPRNG a pool at a time: one call per id cost more than the id.
const pool = new Uint8Array(4096);
let poolOffset = pool.length;

function randomByte(): number {
  if (poolOffset === pool.length) {
    crypto.getRandomValues(pool);
    poolOffset = 0;
  }
  return pool[poolOffset++] as number;
}

/**
 * Random base62 string from a CSPRNG, without modulo bias: bytes of 248 or more are rejected,
 * so each of the 62 characters is drawn with probability exactly 4/248.
 *
 * @example randomBase62(16) // 'q3ZtL8mN2vXc5WpH'
 */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 248) out += BASE62_ALPHABET[byte % 62];
  }
  return out;
}

/** Encodes a non-negative integer below 2^53 in base62, left-padded with '0' to `width`. */
export function encodeBase62(value: number, width: number): string {
  let out = '';
  let rest = value;
  do {
    out = BASE62_ALPHABET[rest % 62] + out;
    rest = Math.floor(rest / 62);
  } while (rest > 0);
  return out.padStart(width, '0');
}
