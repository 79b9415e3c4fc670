import { randomBase62 } from './base62.ts';

/** A new course id, `crs_` and 16 random base62 characters (95 bits). */
export function newCourseId(): string {
  return `crs_${randomBase62(16)}`;
}

/** A new API key id, `key_` and 16 random base62 characters. Not secret: it names the key in URLs. */
export function newApiKeyId(): string {
  return `key_${randomBase62(16)}`;
}
