import { readFile } from 'node:fs/promises';
import { num } from './format-figure.ts';
import type { BenchRun, Comparison, ComparisonRow } from './run-meta.ts';
import type { Summary } from './summary.ts';

/** Reads an earlier run's JSON as `npm run bench` wrote it (to `bench/results/` or `--json`). */
export async function readEarlierRun(file: string): Promise<BenchRun> {
  const run = JSON.parse(await readFile(file, 'utf8')) as Partial<BenchRun>;
  if (!run.meta || !Array.isArray(run.scenarios)) {
    throw new Error(`--compare ${file}: not a results file written by the bench (no meta or scenarios)`);
  }
  return run as BenchRun;
}

// JSON turns NaN into null; a figure absent from a run is null too.
const value = (v: number | null | undefined): number | null =>
  v === undefined || v === null || Number.isNaN(v) ? null : v;

/**
 * Pairs every server of every scenario this run measured with the same server and scenario of
 * `earlier` (a row's `before` is null where the earlier run did not measure it).
 */
export function compareRuns(
  summary: Pick<Summary, 'scenarios'>,
  earlier: BenchRun,
  file: string,
): Comparison {
  const rows: ComparisonRow[] = [];
  for (const scenario of summary.scenarios) {
    const then = earlier.scenarios.find((s) => s.id === scenario.id)?.servers ?? {};
    for (const [server, now] of Object.entries(scenario.servers)) {
      const old = (then as Record<string, typeof now>)[server];
      rows.push({
        scenario: scenario.id,
        server,
        rpsVsKoa: { before: value(old?.rpsVsKoa), after: value(now?.rpsVsKoa) },
        cpuUs: { before: value(old?.cpuUs), after: value(now?.cpuUs) },
      });
    }
  }
  return { file, date: earlier.meta.date, commit: earlier.meta.commit, rows };
}

/** The comparison's column headings. */
export const COMPARISON_HEADINGS = [
  'scenario',
  'server',
  '×koa before',
  '×koa after',
  'change',
  'CPU µs before',
  'CPU µs after',
  'change',
];

/** `after` over `before`, as a signed percentage (`+12%`), or `–` when either is missing. */
function change(before: number | null, after: number | null): string {
  if (before === null || after === null || before === 0) return '–';
  const pct = Math.round((after / before - 1) * 100);
  return `${pct > 0 ? '+' : pct < 0 ? '−' : '±'}${Math.abs(pct)}%`;
}

/** The comparison's cells under {@link COMPARISON_HEADINGS}; a scenario's id stands on its first row. */
export function comparisonCells(comparison: Comparison): string[][] {
  let last = '';
  return comparison.rows.map((row) => {
    const first = row.scenario !== last;
    last = row.scenario;
    const { rpsVsKoa: r, cpuUs: c } = row;
    return [
      first ? row.scenario : '',
      row.server,
      num(r.before, 2),
      num(r.after, 2),
      change(r.before, r.after),
      num(c.before, 0),
      num(c.after, 0),
      change(c.before, c.after),
    ];
  });
}

/** What the comparison is against, in a line: the earlier file, when it ran and on which commit. */
export function comparisonTitle(comparison: Comparison): string {
  const { sha, dirty } = comparison.commit ?? { sha: '–', dirty: false };
  return (
    `before = ${comparison.file} (${comparison.date.slice(0, 16).replace('T', ' ')} UTC, ` +
    `commit ${sha}${dirty ? ', dirty' : ''}); after = this run. ` +
    'Each run divides by its own bare Koa: compare CPU µs when the baselines changed between them.'
  );
}

/** The comparison as plain-text lines for the console: its title, then a padded table. */
export function formatComparison(comparison: Comparison): string[] {
  const rows = [COMPARISON_HEADINGS, ...comparisonCells(comparison)];
  const widths = COMPARISON_HEADINGS.map((_, i) => Math.max(...rows.map((r) => [...(r[i] ?? '')].length)));
  const line = (r: string[]): string =>
    r
      .map((cell, i) => {
        const pad = ' '.repeat((widths[i] ?? 0) - [...cell].length);
        return i < 2 ? cell + pad : pad + cell;
      })
      .join('  ')
      .trimEnd();
  return [comparisonTitle(comparison), '', ...rows.map(line)];
}
