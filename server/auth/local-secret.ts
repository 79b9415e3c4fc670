import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A secret kept in `<dataDir>/secrets/<name>.json` (mode 0600), created by `create` on first use,
 * so development servers keep their keys across restarts. With `:memory:` it lives only in memory.
 * Instances sharing `dataDir` agree on one value: the first to create it wins, the others read it.
 */
export function loadLocalSecret<T>(dataDir: string, name: string, create: () => T): T {
  if (dataDir === ':memory:') return create();
  const dir = join(dataDir, 'secrets');
  const file = join(dir, `${name}.json`);
  const stored = readIfExists<T>(file);
  if (stored !== undefined) return stored;
  const value = create();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Written whole under a temporary name, then linked into place: a link fails if the name exists,
  // so a process creating the same secret at the same moment leaves one value, never half a file.
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(value), { mode: 0o600 });
  try {
    linkSync(temp, file);
    return value;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readIfExists<T>(file) as T;
  } finally {
    rmSync(temp, { force: true });
  }
}

function readIfExists<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
