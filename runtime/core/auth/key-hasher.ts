import { BASE62_ALPHABET } from '../../domain/base62.ts';

/** Keyed hashing of API key values, and the derivation of idempotently created ones. */
export interface KeyHasher {
  /** HMAC-SHA-256 of a key value under the server secret, hex: all the store ever keeps. */
  hash(value: string): Promise<string>;
  /** The hash of a value hashed recently, without computing anything; `undefined` otherwise. */
  recall(value: string): string | undefined;
  /**
   * The random part of a key created under an Idempotency-Key: derived from the server secret,
   * the idempotency scope and key, so a replayed creation shows the same value without the value
   * ever being stored. Unpredictable without the server secret.
   */
  deriveRandom(scope: string, idempotencyKey: string, length: number): Promise<string>;
}

const MEMO_LIMIT = 10_000;
const encoder = new TextEncoder();

const hex = (bytes: ArrayBuffer): string =>
  Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * Creates a {@link KeyHasher} for `secret` with WebCrypto, so the same code runs in Node and in a
 * browser (the mocks).
 *
 * @example const hash = await createKeyHasher('a secret of 32 characters or more').hash(key);
 */
export function createKeyHasher(secret: string): KeyHasher {
  const key = crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const hmac = async (text: string) => crypto.subtle.sign('HMAC', await key, encoder.encode(text));
  // Keys in use are few and every request presents one: their hashes are kept (in memory only,
  // where the key value passes anyway), bounded and forgotten wholesale when full.
  const memo = new Map<string, string>();
  return {
    recall: (value) => memo.get(value),
    async hash(value) {
      let hash = memo.get(value);
      if (hash === undefined) {
        hash = hex(await hmac(value));
        if (memo.size >= MEMO_LIMIT) memo.clear();
        memo.set(value, hash);
      }
      return hash;
    },
    async deriveRandom(scope, idempotencyKey, length) {
      let out = '';
      for (let block = 0; out.length < length; block++) {
        const bytes = new Uint8Array(await hmac(`key-value\n${scope}\n${idempotencyKey}\n${block}`));
        // Rejection sampling keeps the characters uniform, as for random keys.
        for (const byte of bytes) if (byte < 248 && out.length < length) out += BASE62_ALPHABET[byte % 62];
      }
      return out;
    },
  };
}
