import { describe, expect, it } from 'vitest';
import { compareRuns, formatComparison } from './compare.ts';
import { renderResult } from './result-markdown.ts';
import type { BenchRun, RunMeta } from './run-meta.ts';
import type { Figure } from './summary.ts';

const meta = (date: string, sha: string): RunMeta => ({
  date,
  node: 'v20.20.2',
  cpus: 2,
  commit: { sha, dirty: false },
  tool: 'wrk',
  quick: true,
  passes: 1,
  connections: 50,
  durationSeconds: 2,
  warmupSeconds: 1,
  sizes: { small: 1_000, large: 100_000 },
  compare: undefined,
  seedMs: {},
  totalSeconds: 60,
  loadAverage: { before: 0.2, after: 1.5 },
});

const figure = (rpsVsKoa: number, cpuUs: number): Figure => ({
  rps: 1000,
  p50Ms: 2,
  p99Ms: 8,
  vsNode: { rps: 0.5, p50: 1, p99: 1 },
  rpsVsKoa,
  p99VsKoa: 1,
  cpuUs,
  cpuVsNode: 1,
  cpuWaitPct: 1,
  bytes: 400,
  non2xx: 0,
  errors: 0,
});

const run = (date: string, sha: string, servers: Record<string, Figure>): BenchRun => ({
  meta: meta(date, sha),
  scenarios: [{ id: 'list', label: 'list courses', servers }],
  growth: {},
  startupMs: {},
  firstAnswer: {},
  targets: [],
});

/** The earlier run as its JSON file holds it: a NaN ratio (no Koa in that pass) is null there. */
const earlier = JSON.parse(
  JSON.stringify(
    run('2026-11-20T10:00:00.000Z', 'aaa1111', {
      koa: figure(1, 100),
      ours: figure(0.8, 200),
      node: figure(Number.NaN, 80),
    }),
  ),
) as BenchRun;
const now = run('2026-11-28T19:40:00.000Z', 'bbb2222', {
  koa: figure(1, 110),
  ours: figure(0.9, 150),
  node: figure(1.2, 80),
  hono: figure(0.7, 180),
});

describe('compareRuns and its rendering', () => {
  const comparison = compareRuns(now, earlier, 'bench/results/2026-11-20T10-00Z-quick.json');

  it('pairs each server of this run with the same server and scenario of the earlier one', () => {
    expect(comparison.rows.map((r) => [r.server, r.rpsVsKoa, r.cpuUs])).toEqual([
      ['koa', { before: 1, after: 1 }, { before: 100, after: 110 }],
      ['ours', { before: 0.8, after: 0.9 }, { before: 200, after: 150 }],
      ['node', { before: null, after: 1.2 }, { before: 80, after: 80 }],
      ['hono', { before: null, after: 0.7 }, { before: null, after: 180 }],
    ]);
  });

  it('prints before, after and the change of ×koa and CPU µs, – where a side is missing', () => {
    expect(formatComparison(comparison)).toEqual([
      'before = bench/results/2026-11-20T10-00Z-quick.json (2026-11-20 10:00 UTC, commit aaa1111); ' +
        'after = this run. Each run divides by its own bare Koa: compare CPU µs when the baselines ' +
        'changed between them.',
      '',
      'scenario  server  ×koa before  ×koa after  change  CPU µs before  CPU µs after  change',
      'list      koa            1.00        1.00     ±0%            100           110    +10%',
      '          ours           0.80        0.90    +13%            200           150    −25%',
      '          node              –        1.20       –             80            80     ±0%',
      '          hono              –        0.70       –              –           180       –',
    ]);
  });

  it('puts the same table on the results page, under "Before and after"', () => {
    const page = renderResult({ ...now, comparison }, 'x.json');
    expect(page).toContain(
      "| compared with  | bench/results/2026-11-20T10-00Z-quick.json (an earlier run's results) |",
    );
    const section = page.slice(page.indexOf('## Before and after'));
    expect(section.split('\n').slice(4, 8)).toEqual([
      '| scenario | server | ×koa before | ×koa after | change | CPU µs before | CPU µs after | change |',
      '| -------- | ------ | ----------: | ---------: | -----: | ------------: | -----------: | -----: |',
      '| list     | koa    |        1.00 |       1.00 |    ±0% |           100 |          110 |   +10% |',
      '|          | ours   |        0.80 |       0.90 |   +13% |           200 |          150 |   −25% |',
    ]);
  });

  it('leaves the section out without a comparison', () => {
    expect(renderResult(now, 'x.json')).not.toContain('Before and after');
  });
});
