import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test-support/store/records.ts';
import { loadLocalSecret } from './local-secret.ts';

describe('loadLocalSecret', () => {
  it('creates the secret once, private to its owner, and reads it back after', async () => {
    const dataDir = await tempDir();
    expect(loadLocalSecret(dataDir, 'key', () => 'first')).toBe('first');
    expect(loadLocalSecret(dataDir, 'key', () => 'second')).toBe('first');
    expect(statSync(join(dataDir, 'secrets', 'key.json')).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(dataDir, 'secrets'))).toEqual(['key.json']);
  });

  it('keeps the value another process stored first, when both create it at once', async () => {
    const dataDir = await tempDir();
    loadLocalSecret(dataDir, 'other', () => 'unrelated');
    const value = loadLocalSecret(dataDir, 'key', () => {
      // The other process wins the race while this one creates its value.
      writeFileSync(join(dataDir, 'secrets', 'key.json'), JSON.stringify('theirs'));
      return 'ours';
    });
    expect(value).toBe('theirs');
    expect(loadLocalSecret(dataDir, 'key', () => 'later')).toBe('theirs');
    expect(readdirSync(join(dataDir, 'secrets')).sort()).toEqual(['key.json', 'other.json']);
  });
});
