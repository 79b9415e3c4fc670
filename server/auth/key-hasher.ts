import { createHmac } from 'node:crypto';
import { BASE62_ALPHABET } from '../../domain/base62.ts';

/** Keyed hashing of API key values, and the derivation of idempotently created ones. */
export interface KeyHasher {
  /** HMAC-SHA-256 of a key value under the server secret, hex: all the store ever keeps. */
  hash(value: string): string;
  /** The hash of a value hashed recently, without computing anything; `undefined` otherwise. */
  recall(value: string): string | undefined;
  /**
   * The random part of a key created under an Idempotency-Key: derived from the server secret,
   * the idempotency scope and key, so a replayed creation shows the same value without the value
   * ever being stored. Unpredictable without the server secret.
   */
  deriveRandom(scope: string, idempotencyKey: string, length: number): string;
}

const MEMO_LIMIT = 10_000;

/** Creates a {@link KeyHasher} for `secret`. */
export function createKeyHasher(secret: string): KeyHasher {
  // The HMAC was a tenth of a cheap request's CPU; keys in use are few, so their hashes are kept
  // (in memory only, where the key value passes anyway), bounded and forgotten wholesale when full.
  const memo = new Map<string, string>();
  return {
    recall: (value) => memo.get(value),
    hash(value) {
      let hash = memo.get(value);
      if (hash === undefined) {
        hash = createHmac('sha256', secret).update(value).digest('hex');
        if (memo.size >= MEMO_LIMIT) memo.clear();
        memo.set(value, hash);
      }
      return hash;
    },
    deriveRandom(scope, idempotencyKey, length) {
      let out = '';
      for (let block = 0; out.length < length; block++) {
        const bytes = createHmac('sha256', secret)
          .update(`key-value\n${scope}\n${idempotencyKey}\n${block}`)
          .digest();
        // Rejection sampling keeps the characters uniform, as for random keys.
        for (const byte of bytes) if (byte < 248 && out.length < length) out += BASE62_ALPHABET[byte % 62];
      }
      return out;
    },
  };
}
