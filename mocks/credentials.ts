import {
  formatApiKey,
  KEY_RANDOM_LENGTH,
  type KeyEnvironment,
} from '@course-service/runtime/domain/api-key-format';
import { BASE62_ALPHABET, randomBase62 } from '@course-service/runtime/domain/base62';
import { crc32 } from '@course-service/runtime/domain/crc32';

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
 * to declare in `apiKeys`. With a `label`, the same label always gives the same key. The second
 * argument is the prefix, or options with the prefix and the environment (`prod` unless said).
 *
 * @example
 * const apiKey = mockApiKey('reader'); // 'cms_prod_…', the same on every run
 * const testKey = mockApiKey('ci', { environment: 'test' }); // 'cms_test_…': sees only the sandbox
 * createCourseServiceMock({ baseUrl, apiKeys: [{ key: apiKey, scopes: ['courses:read'] }, { key: testKey }] });
 */
export function mockApiKey(
  label?: string,
  options: string | { prefix?: string | undefined; environment?: KeyEnvironment | undefined } = {},
): string {
  const { prefix = 'cms', environment = 'prod' } =
    typeof options === 'string' ? { prefix: options } : options;
  const random =
    label === undefined ? randomBase62(KEY_RANDOM_LENGTH) : seededBase62(label, KEY_RANDOM_LENGTH);
  return formatApiKey(prefix, environment, random);
}
