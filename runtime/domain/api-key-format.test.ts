import { describe, expect, it } from 'vitest';
import {
  formatApiKey,
  isValidKeyPrefix,
  KEY_RANDOM_LENGTH,
  parseApiKey,
  unknownKeyEnvironment,
} from './api-key-format.ts';
import { BASE62_ALPHABET, randomBase62 } from './base62.ts';

describe('API key format', () => {
  it('is <prefix>_<env>_<32 characters>, and parses back with its start', () => {
    const key = formatApiKey('cms', 'prod');
    expect(key).toMatch(/^cms_prod_[0-9A-Za-z]{32}$/);
    expect(parseApiKey(key)).toEqual({ prefix: 'cms', environment: 'prod', start: key.slice(0, 13) });
  });

  it('rejects every single-character typo through its checksum', () => {
    const key = formatApiKey('cms', 'prod');
    for (let i = 9; i < key.length; i++) {
      const typo = key.slice(0, i) + (key[i] === 'A' ? 'B' : 'A') + key.slice(i + 1);
      expect(parseApiKey(typo), `typo at ${i}`).toBeUndefined();
    }
  });

  it('rejects other shapes and prefixes', () => {
    for (const value of ['', 'cms_prod_short', `cms_live_${'a'.repeat(32)}`, `CMS_prod_${'a'.repeat(32)}`]) {
      expect(parseApiKey(value)).toBeUndefined();
    }
    expect(isValidKeyPrefix('acme')).toBe(true);
    expect(isValidKeyPrefix('a')).toBe(false);
    expect(isValidKeyPrefix('has_underscore')).toBe(false);
    expect(() => formatApiKey('Bad', 'prod')).toThrow(TypeError);
  });
});

describe('randomBase62', () => {
  it('draws every character with about equal frequency (no modulo bias)', () => {
    const counts = new Map<string, number>();
    const sample = randomBase62(62 * 2000);
    for (const char of sample) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual([...BASE62_ALPHABET].sort());
    // Each count is Binomial(124000, 1/62): mean 2000, sd ≈ 44; 7 sd either side.
    for (const count of counts.values()) expect(Math.abs(count - 2000)).toBeLessThan(310);
  });

  it('gives keys that differ', () => {
    const keys = new Set(Array.from({ length: 1000 }, () => randomBase62(KEY_RANDOM_LENGTH)));
    expect(keys.size).toBe(1000);
  });
});

describe('unknownKeyEnvironment', () => {
  it('names the environment word of a key-shaped value that is neither prod nor test', () => {
    const tail = formatApiKey('cms', 'prod').slice('cms_prod_'.length);
    expect(unknownKeyEnvironment(`cms_staging_${tail}`)).toBe('staging');
    expect(unknownKeyEnvironment(`cms_prod_${tail}`)).toBeUndefined();
    expect(unknownKeyEnvironment(`cms_test_${tail}`)).toBeUndefined();
    expect(unknownKeyEnvironment('hunter2')).toBeUndefined();
  });
});
