import { formatApiKey, KEY_RANDOM_LENGTH } from '../domain/api-key-format.ts';
import { BASE62_ALPHABET, randomBase62 } from '../domain/base62.ts';
import { crc32 } from '../domain/crc32.ts';

/** A small deterministic generator, so that a label always gives the same key. */
function seededBase62(label: string, length: number): string {
  let state = crc32(label) || 1;
  let out = '';
  while (out.length < length) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out += BASE62_ALPHABET[(state >>> 0) % 62];
  }
  return out;
}

/**
 * A well-formed API key value (prefix, environment, 26 random characters and the CRC32 checksum)
 * to declare in `apiKeys`. With a `label`, the same label always gives the same key.
 *
 * @example
 * const apiKey = mockApiKey('reader'); // 'cms_prod_…', the same on every run
 * createCourseServiceMock({ baseUrl, apiKeys: [{ key: apiKey, scopes: ['courses:read'] }] });
 */
export function mockApiKey(label?: string, prefix = 'cms'): string {
  const random =
    label === undefined ? randomBase62(KEY_RANDOM_LENGTH) : seededBase62(label, KEY_RANDOM_LENGTH);
  return formatApiKey(prefix, 'prod', random);
}
