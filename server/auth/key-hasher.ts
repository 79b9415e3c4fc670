import { createHmac } from 'node:crypto';
import { BASE62_ALPHABET } from '../../domain/base62.ts';

/** Keyed hashing of API key values, and the derivation of idempotently created ones. */
export interface KeyHasher {
  /** HMAC-SHA-256 of a key value under the server secret, hex: all the store ever keeps. */
  hash(value: string): string;
  /**
   * The random part of a key created under an Idempotency-Key: derived from the server secret,
   * the idempotency scope and key, so a replayed creation shows the same value without the value
   * ever being stored. Unpredictable without the server secret.
   */
  deriveRandom(scope: string, idempotencyKey: string, length: number): string;
}

/** Creates a {@link KeyHasher} for `secret`. */
export function createKeyHasher(secret: string): KeyHasher {
  return {
    hash: (value) => createHmac('sha256', secret).update(value).digest('hex'),
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
