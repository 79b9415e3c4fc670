import { readFileSync } from 'node:fs';
import { formatApiKey } from '@course-service/runtime/domain/api-key-format';
import { describe, expect, it } from 'vitest';

// The regular expression the security guide publishes for secret scanners, as the guide shows it.
const guide = readFileSync(new URL('../docs/guides/security.md', import.meta.url), 'utf8');
const section = guide.slice(guide.indexOf('## Key format, for secret scanners'));
const published = /```text\n(.+)\n```/.exec(section)?.[1] ?? '';
const pattern = new RegExp(published, 'g');

describe('the key pattern the security guide publishes', () => {
  it('finds every key the service makes, in either environment, wherever it stands in a text', () => {
    for (let i = 0; i < 200; i++) {
      const key = formatApiKey('cms', i % 2 === 0 ? 'prod' : 'test');
      for (const text of [key, `API_KEY=${key}\n`, `"${key}",`, `Bearer ${key}`]) {
        expect([...text.matchAll(pattern)].map((match) => match[1])).toEqual([key]);
      }
    }
  });

  it('finds nothing in what is not a whole key of ours', () => {
    const key = formatApiKey('cms', 'prod');
    for (const text of [
      key.slice(0, -1),
      `${key}A`,
      `x${key}`,
      key.replace('_prod_', '_staging_'),
      key.replace('cms_', 'acme_'),
    ]) {
      expect([...text.matchAll(pattern)]).toEqual([]);
    }
  });
});
