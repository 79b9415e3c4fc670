import { existsSync } from 'node:fs';
import { expect, it } from 'vitest';
import { SLOW_FILES } from '../vitest.config.ts';

// vitest.config.ts starts these files first; a renamed or deleted one would silently lose its place.
it('names only test files that exist, each once', () => {
  const root = new URL('../', import.meta.url);
  expect(SLOW_FILES.filter((file) => !existsSync(new URL(file, root)))).toEqual([]);
  expect(SLOW_FILES.every((file) => file.endsWith('.test.ts'))).toBe(true);
  expect(new Set(SLOW_FILES).size).toBe(SLOW_FILES.length);
});
