import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './child-server.ts';
import { compareProblem } from './datasets.ts';

describe('compareProblem', () => {
  it('accepts a checkout of this repository', () => {
    expect(compareProblem(repoRoot)).toBeUndefined();
  });

  it('names a directory without bench/servers/our-server.ts in one line', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'compare-test-'));
    try {
      const problem = compareProblem(dir);
      expect(problem).toContain(`--compare ${dir}: no bench/servers/our-server.ts there`);
      expect(problem).not.toContain('\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
