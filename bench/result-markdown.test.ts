import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { renderIndex, renderResult, resultStem } from './result-markdown.ts';
import type { BenchRun, RunMeta } from './run-meta.ts';
import { renderAgain, writeResults } from './write-results.ts';

const meta: RunMeta = {
  date: '2026-11-28T19:40:05.123Z',
  node: 'v24.11.0',
  cpus: 2,
  machine: { cpuModel: 'Example CPU', cores: 4, cpus: 2, platform: 'linux 6.8.0', memoryGb: 8 },
  commit: { sha: 'abc1234', dirty: true },
  tool: 'wrk',
  quick: true,
  passes: 1,
  connections: 50,
  durationSeconds: 2,
  warmupSeconds: 1,
  sizes: { small: 1_000, large: 100_000 },
  only: ['create'],
  compare: undefined,
  telemetry: true,
  seedMs: { small: 900 },
  totalSeconds: 95.4,
  loadAverage: { before: 1.9, after: 2.5 },
};

const figure = (rps: number, rpsVsKoa: number | null, non2xx = 0) => ({
  rps,
  p50Ms: 2,
  p99Ms: 8,
  vsNode: { rps: rps / 10_000, p50: 1, p99: 1 },
  rpsVsKoa,
  p99VsKoa: null,
  cpuUs: 150,
  cpuVsNode: 1.5,
  cpuWaitPct: 12,
  bytes: 420,
  non2xx,
  errors: 0,
});

/** A run as `npm run bench` writes its JSON: NaN ratios are null there. */
const json = JSON.stringify({
  meta,
  scenarios: [
    {
      id: 'create',
      label: 'create | durable',
      servers: { node: figure(10_000, 2), 'koa-d': figure(5_000, 1), ours: figure(4_000, 0.8, 3) },
    },
  ],
  growth: { create: 0.95 },
  startupMs: {},
  firstAnswer: {},
  targets: [
    {
      name: "create (durable), req/s ÷ durable Koa's (koa-d)",
      target: '>= 0.75',
      value: 0.8,
      met: true,
      vsNode: 0.4,
    },
    { name: 'start-up on the large set', target: '< 2000 ms' },
  ],
});

// Laid out as Biome formats Markdown, so a written page passes `biome check` as it is.
const expectedPage = `# Benchmark run of 2026-11-28 19:40 UTC (quick)

Written by \`npm run bench\` from [its JSON](run.json); never edited by hand. How to read it:
[bench/README.md](../README.md#reading-the-results).

**Warning**: the machine was busy before the run (1-min load average 1.9 on 2 CPUs): figures are unreliable.

## Machine

|                               |                                |
| ----------------------------- | ------------------------------ |
| CPU                           | Example CPU                    |
| cores                         | 4 logical, 2 available to Node |
| memory                        | 8.0 GB                         |
| platform                      | linux 6.8.0                    |
| Node                          | v24.11.0                       |
| load average (1 min) at start | 1.90                           |
| load average (1 min) at end   | 2.50                           |

## Commit

\`abc1234\`, with uncommitted changes in the working tree

## Options

|                |                                        |
| -------------- | -------------------------------------- |
| run            | \`--quick\`                              |
| load generator | wrk                                    |
| passes         | 1 × 2 s runs, each after a 1 s warm-up |
| connections    | 50                                     |
| data sets      | 1,000 and 100,000 courses              |
| scenarios      | create                                 |
| telemetry rows | run                                    |
| compared with  | nothing                                |
| whole run      | 95 s                                   |

## Scenarios

Medians over passes; each ratio is the median over passes of the ratio to the baseline in the same
pass (\`×node\` to bare node:http, \`×koa\` to bare Koa, the durable \`koa-d\` for a create’s req/s).

| scenario          | server | bytes |  req/s | ×node | ×koa | p50 ms | ×node | p99 ms | ×node | ×koa | CPU µs | ×node | wait % | flagged             |
| ----------------- | ------ | ----: | -----: | ----: | ---: | -----: | ----: | -----: | ----: | ---: | -----: | ----: | -----: | ------------------- |
| create \\| durable | node   |   420 | 10,000 |  1.00 | 2.00 |   2.00 |  1.00 |   8.00 |  1.00 |    – |    150 |  1.50 |     12 |                     |
|                   | koa-d  |   420 |  5,000 |  0.50 | 1.00 |   2.00 |  1.00 |   8.00 |  1.00 |    – |    150 |  1.50 |     12 |                     |
|                   | ours   |   420 |  4,000 |  0.40 | 0.80 |   2.00 |  1.00 |   8.00 |  1.00 |    – |    150 |  1.50 |     12 | 3 non-2xx, 0 errors |

\`\`\`text
our throughput, large set ÷ small set: list –, create 0.95
\`\`\`

## Targets

Medians; a report, not a test.

| target                                          | goal      | value | verdict      | beside     |
| ----------------------------------------------- | --------- | ----: | ------------ | ---------- |
| create (durable), req/s ÷ durable Koa's (koa-d) | >= 0.75   |  0.80 | pass         | ×node 0.40 |
| start-up on the large set                       | < 2000 ms |     – | not measured |            |
`;

describe('renderResult', () => {
  it("renders a run's JSON as its page: machine, commit, options, the console's rows, notes and targets", () => {
    expect(renderResult(JSON.parse(json) as BenchRun, 'run.json')).toBe(expectedPage);
  });

  it('names the files so that they sort by time', () => {
    expect(resultStem(meta)).toBe('2026-11-28T19-40Z-quick');
    expect(resultStem({ date: '2026-12-01T08:05:59.000Z', quick: false })).toBe('2026-12-01T08-05Z-full');
  });
});

describe('renderIndex', () => {
  it('lists the runs newest first, and says the files are written by the bench', () => {
    const older = { ...meta, date: '2026-11-27T08:00:00.000Z', quick: false, passes: 3, durationSeconds: 5 };
    const quiet = {
      ...older,
      only: [],
      commit: { sha: 'def5678', dirty: false },
      loadAverage: { before: 0.2, after: 2 },
    };
    const index = renderIndex([
      { stem: '2026-11-27T08-00Z-full', meta: quiet },
      { stem: '2026-11-28T19-40Z-quick', meta },
    ]);
    expect(index).toBe(`# Benchmark results

These files are written by \`npm run bench\` and never edited by hand: each run adds a page
(Markdown rendered from the JSON beside it) and rewrites this index, newest first. What runs and
how to read a page: [bench/README.md](../README.md).

- [2026-11-28 19:40 UTC, quick](2026-11-28T19-40Z-quick.md) ([JSON](2026-11-28T19-40Z-quick.json)): commit \`abc1234\` (dirty), 1 × 2 s, only create, wrk, Node v24.11.0, 2 CPUs, machine busy
- [2026-11-27 08:00 UTC](2026-11-27T08-00Z-full.md) ([JSON](2026-11-27T08-00Z-full.json)): commit \`def5678\`, 3 × 5 s, wrk, Node v24.11.0, 2 CPUs
`);
  });
});

describe('writeResults', () => {
  let dir: string | undefined;
  afterEach(() => dir && rm(dir, { recursive: true, force: true }));

  it('writes the JSON, the page rendered from it, and an index of every run in the folder', async () => {
    dir = await mkdtemp(join(tmpdir(), 'bench-results-'));
    const page = await writeResults(JSON.parse(json) as BenchRun, dir);
    expect(page).toBe(join(dir, '2026-11-28T19-40Z-quick.md'));
    expect((await readdir(dir)).sort()).toEqual([
      '2026-11-28T19-40Z-quick.json',
      '2026-11-28T19-40Z-quick.md',
      'README.md',
    ]);
    const written = await readFile(page, 'utf8');
    expect(written).toBe(expectedPage.replace('(run.json)', '(2026-11-28T19-40Z-quick.json)'));
    expect(await readFile(join(dir, 'README.md'), 'utf8')).toContain('(2026-11-28T19-40Z-quick.md)');
    expect(await renderAgain(dir)).toBe(1);
    expect(await readFile(page, 'utf8')).toBe(written);
  });
});
