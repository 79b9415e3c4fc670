import { BASE62_ALPHABET, encodeBase62, randomBase62 } from './base62.ts';
import { crc32 } from './crc32.ts';

/** Environments a key can belong to: `prod` acts on production data, `test` on the account's sandbox. */
export type KeyEnvironment = 'prod' | 'test';

/** Random characters in a key; with the checksum they make the 32 the format promises. */
export const KEY_RANDOM_LENGTH = 26;
/** Base62 characters of CRC-32 checksum at the end of a key (62^6 > 2^32). */
const KEY_CHECKSUM_LENGTH = 6;
/** How many random characters the non-secret `start` shows after `<prefix>_<env>_`. */
const KEY_START_LENGTH = 4;

const PREFIX_PATTERN = /^[a-z][a-z0-9]{1,9}$/;
const KEY_PATTERN = /^([a-z][a-z0-9]{1,9})_(prod|test)_([0-9A-Za-z]{32})$/;
/** The key shape with any environment word, to name an unknown environment in the error. */
const ANY_ENVIRONMENT_PATTERN = /^[a-z][a-z0-9]{1,9}_([A-Za-z0-9]{1,20})_[0-9A-Za-z]{32}$/;

/** The parts of a well-formed key value. */
export interface ParsedApiKey {
  prefix: string;
  environment: KeyEnvironment;
  /** What the API shows as `start`: `<prefix>_<env>_` and four characters. */
  start: string;
}

/** Whether `prefix` may start a key: a lowercase letter, then 1–9 lowercase letters or digits. */
export function isValidKeyPrefix(prefix: string): boolean {
  return PREFIX_PATTERN.test(prefix);
}

function checksum(body: string): string {
  return encodeBase62(crc32(body), KEY_CHECKSUM_LENGTH);
}

/**
 * Builds a key value `<prefix>_<env>_<26 random><6 checksum>` (26 × log2 62 ≈ 155 bits of entropy;
 * 131 of them remain secret after the four shown in `start`).
 *
 * @example formatApiKey('cms', 'prod') // 'cms_prod_8fJ2kLq9ZxW3vB7nR4tY6uP1m0a3Xk9Q'
 */
export function formatApiKey(
  prefix: string,
  environment: KeyEnvironment,
  random = randomBase62(KEY_RANDOM_LENGTH),
): string {
  if (!isValidKeyPrefix(prefix)) throw new TypeError(`invalid key prefix '${prefix}'`);
  if (random.length !== KEY_RANDOM_LENGTH || [...random].some((c) => !BASE62_ALPHABET.includes(c))) {
    throw new TypeError(`the random part must be ${KEY_RANDOM_LENGTH} base62 characters`);
  }
  const body = `${prefix}_${environment}_${random}`;
  return body + checksum(body);
}

/**
 * Parses a key value; `undefined` unless it has the format and a correct checksum. Costs no lookup,
 * so mistyped and made-up keys are refused before the store is asked.
 */
export function parseApiKey(value: string): ParsedApiKey | undefined {
  const match = KEY_PATTERN.exec(value);
  if (!match) return undefined;
  const [, prefix, environment, tail] = match as unknown as [string, string, KeyEnvironment, string];
  const body = value.slice(0, value.length - KEY_CHECKSUM_LENGTH);
  if (checksum(body) !== tail.slice(KEY_RANDOM_LENGTH)) return undefined;
  return { prefix, environment, start: `${prefix}_${environment}_${tail.slice(0, KEY_START_LENGTH)}` };
}

/**
 * The environment word of a value shaped like a key whose environment is neither `prod` nor
 * `test` (e.g. `staging` in `cms_staging_…`), so the refusal can say what is wrong; `undefined`
 * for anything else. Costs no lookup.
 *
 * @example unknownKeyEnvironment('cms_staging_8fJ2kLq9ZxW3vB7nR4tY6uP1m0a3Xk9Q') // 'staging'
 */
export function unknownKeyEnvironment(value: string): string | undefined {
  const environment = ANY_ENVIRONMENT_PATTERN.exec(value)?.[1];
  return environment === undefined || environment === 'prod' || environment === 'test'
    ? undefined
    : environment;
}
