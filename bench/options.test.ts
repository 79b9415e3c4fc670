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

describe('parseOptions --compare FILE', () => {
  it('takes a .json argument as an earlier results file, not a checkout', () => {
    const options = parseOptions(['--compare', 'bench/results/2026-11-28T19-01Z-quick.json']);
    expect(options.compareResults).toBe(resolve('bench/results/2026-11-28T19-01Z-quick.json'));
    expect(options.compare).toBeUndefined();
  });

  it('takes any other argument as a checkout', () => {
    expect(parseOptions(['--compare', '../before']).compareResults).toBeUndefined();
  });
});
