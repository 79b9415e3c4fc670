import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseOptions } from './options.ts';

describe('parseOptions', () => {
  it('leaves --compare unset by default', () => {
    expect(parseOptions([]).compare).toBeUndefined();
  });

  it('resolves --compare DIR to an absolute path', () => {
    expect(parseOptions(['--compare', '../before']).compare).toBe(resolve('../before'));
    expect(parseOptions(['--quick', '--compare', '/work/before']).compare).toBe('/work/before');
  });
});
