import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A secret kept in `<dataDir>/secrets/<name>.json` (mode 0600), created by `create` on first use,
 * so development servers keep their keys across restarts. With `:memory:` it lives only in memory.
 */
export function loadLocalSecret<T>(dataDir: string, name: string, create: () => T): T {
  if (dataDir === ':memory:') return create();
  const dir = join(dataDir, 'secrets');
  const file = join(dir, `${name}.json`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const value = create();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(file, JSON.stringify(value), { mode: 0o600, flag: 'wx' });
  return value;
}
