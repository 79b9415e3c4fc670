import { num } from './format-figure.ts';
import { peerStanding } from './peer-standing.ts';
import type { ServerName } from './scenarios.ts';
import type { Figure, Summary } from './summary.ts';
import { WEBHOOK_COST_LIMIT, webhookCostLines } from './webhook-cost.ts';

/** One target of issue 37, 15, 7 or 39, with the measured value beside it. */
export interface TargetResult {
  name: string;
  target: string;
  value: number | undefined;
  /** Undefined when the figure was not measured in this run. */
  met: boolean | undefined;
  /** For a throughput target: the same throughput's ratio to bare node:http, printed beside it. */
  vsNode?: number | undefined;
  /** The same value for the `--compare` checkout's server, when it ran. */
  before?: number | undefined;
  /** The value the ceiling itself reaches, printed beside it when the guard sits below it. */
  ceiling?: number | undefined;
}

const figureOf = (summary: Summary, id: string, server: ServerName): Figure | undefined =>
  summary.scenarios.find((s) => s.id === id)?.servers[server];

const judge = (value: number | undefined, ok: (v: number) => boolean): boolean | undefined =>
  value === undefined || Number.isNaN(value) ? undefined : ok(value);

/**
 * Compares the summary with the issues' targets: throughput of issue 37 (our req/s over the idiomatic
 * bare Koa's in the same pass, over `koa-sql`'s for a durable create), p99 and growth of issue 15,
 * start-up and memory of issue 7, a create's cost with one webhook endpoint of issue 39. A report.
 */
export function evaluateTargets(summary: Summary): TargetResult[] {
  const atLeast = (name: string, min: number, value: number | undefined): TargetResult => ({
    name,
    target: `>= ${min.toFixed(2)}`,
    value,
    met: judge(value, (v) => v >= min),
  });
  const below = (name: string, max: number, unit: string, value: number | undefined): TargetResult => ({
    name,
    target: `< ${max} ${unit}`,
    value,
    met: judge(value, (v) => v < max),
  });
  const atMost = (name: string, max: number, value: number | undefined): TargetResult => ({
    name,
    target: `<= ${max.toFixed(2)}`,
    value,
    met: judge(value, (v) => v <= max),
  });
  const hooked = summary.webhookCost;
  // `over` names a baseline other than the scenario's Koa: the ratio of both ratios to it, same pass.
  const rps = (id: string, label: string, baseline: string, min: number, over?: ServerName): TargetResult => {
    const ours = figureOf(summary, id, 'ours');
    const divisor = over ? figureOf(summary, id, over)?.rpsVsKoa : 1;
    const share = (f: Figure | undefined): number | undefined =>
      f === undefined || divisor === undefined ? undefined : f.rpsVsKoa / divisor;
    return {
      ...atLeast(`${label}, req/s ÷ ${baseline}`, min, share(ours)),
      vsNode: ours?.vsNode.rps,
      before: share(figureOf(summary, id, 'before')),
    };
  };
  const p99 = (id: string, label: string): TargetResult => {
    const value = figureOf(summary, id, 'ours')?.p99VsKoa;
    const before = figureOf(summary, id, 'before')?.p99VsKoa;
    return {
      name: `${label}, p99 ÷ bare Koa's`,
      target: '<= 2.00',
      value,
      met: judge(value, (v) => v <= 2),
      before,
    };
  };
  return [
    rps('list', 'list courses', "bare Koa's", 0.75),
    rps('get', 'get one course', "bare Koa's", 0.75),
    rps('get-304', 'get one, 304', "bare Koa's", 0.6),
    rps('create', 'create (durable)', "koa-sql's", 0.7, 'koa-sql'),
    p99('list', 'list'),
    p99('get', 'get one'),
    p99('create', 'create'),
    atLeast('list, large set ÷ small set', 0.9, summary.growth.list),
    atLeast('create, large set ÷ small set', 0.9, summary.growth.create),
    below('start-up on the large set', 2000, 'ms', summary.startupMs.large),
    below('resident memory, large set', 300, 'MB', summary.memory?.rssMb),
    atLeast('create, 1 webhook endpoint: req/s ÷ without', 1 / WEBHOOK_COST_LIMIT, hooked?.rpsRatio),
    {
      ...atMost('create, 1 webhook endpoint: CPU µs ÷ without', WEBHOOK_COST_LIMIT, hooked?.cpuRatioDrained),
      ceiling: hooked?.floor?.ceilingRatio,
    },
  ];
}

/**
 * Column headings; each `×node` is the ratio to bare node:http of the figure before it, each `×koa`
 * to bare Koa's (for a create's req/s, to the durable bare Koa's).
 */
export const HEADINGS = [
  'scenario',
  'server',
  'bytes',
  'req/s',
  '×node',
  '×koa',
  'p50 ms',
  '×node',
  'p99 ms',
  '×node',
  '×koa',
  'CPU µs',
  '×node',
  'wait %',
];

const row = (cells: string[], widths: number[]): string =>
  cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');

/** One row of the table: a server in a scenario, its cells under {@link HEADINGS}, and any warning. */
export interface ReportRow {
  cells: string[];
  /** Set when some answers were not the intended ones, so the row's figures are not the scenario's. */
  warning: string | undefined;
}

/** The table's rows, scenario by scenario; the scenario's label stands on its first row only. */
export function reportRows(summary: Summary): ReportRow[] {
  const rows: ReportRow[] = [];
  for (const scenario of summary.scenarios) {
    let first = true;
    for (const [name, f] of Object.entries(scenario.servers)) {
      const warning = f.non2xx + f.errors > 0 ? `${f.non2xx} non-2xx, ${f.errors} errors` : undefined;
      const cells = [first ? scenario.label : '', name, num(f.bytes, 0), num(f.rps, 0), num(f.vsNode.rps, 2)];
      cells.push(num(f.rpsVsKoa, 2), num(f.p50Ms, 2), num(f.vsNode.p50, 2), num(f.p99Ms, 2));
      cells.push(num(f.vsNode.p99, 2), num(f.p99VsKoa, 2), num(f.cpuUs, 0), num(f.cpuVsNode, 2));
      cells.push(num(f.cpuWaitPct, 0));
      rows.push({ cells, warning });
      first = false;
    }
  }
  return rows;
}

/** What metrics and traces cost, per scenario: req/s and CPU per request beside ours without them. */
function telemetryCost(summary: Summary): string[] {
  const lines: string[] = [];
  for (const scenario of summary.scenarios) {
    const ours = scenario.servers.ours;
    const parts = (['metrics', 'traced'] as const).flatMap((name) => {
      const f = scenario.servers[name];
      if (!ours || !f) return [];
      const what = name === 'metrics' ? 'metrics on' : 'traces on';
      return [
        `${what} ${num(f.rpsVsKoa / ours.rpsVsKoa, 2)} of its req/s (×koa ${num(f.rpsVsKoa, 2)}), ` +
          `${num(f.cpuUs - ours.cpuUs, 0)} µs more CPU a request`,
      ];
    });
    if (parts.length) lines.push(`  ${scenario.id.padEnd(8)} ${parts.join('; ')}`);
  }
  return lines.length ? ['our server with telemetry, beside ours without (same pass):', ...lines, ''] : [];
}

/**
 * What the core's own work costs, per scenario: ours beside `replayed` (the same server answering
 * with the core's first answer again), so the rest is Koa, the adapter and Node. The core's share
 * includes work the baselines do too (rendering JSON, parsing a create's body, the journal).
 */
export function coreCost(summary: Summary): string[] {
  const lines: string[] = [];
  for (const scenario of summary.scenarios) {
    const { ours, replayed } = scenario.servers;
    if (!ours || !replayed) continue;
    // A create's ratio is to the durable bare Koa, which ran beside it.
    const koa = scenario.servers['koa-d'] ? '×koa-d' : '×koa';
    lines.push(
      `  ${scenario.id.padEnd(8)} the core ${num(ours.cpuUs - replayed.cpuUs, 0)} of ${num(ours.cpuUs, 0)} µs of CPU ` +
        `a request; without it ${koa} ${num(replayed.rpsVsKoa, 2)} (ours ${num(ours.rpsVsKoa, 2)})`,
    );
  }
  return lines.length
    ? [
        "the core's own work (ours beside `replayed`, which replays the core's answers; same pass):",
        ...lines,
        '',
      ]
    : [];
}

/**
 * Our create beside `koa-sql`, the durable bare Koa that also inserts each course into sql.js with
 * our schema and statement: what a server that keeps its courses in sql.js pays at the least.
 * Ratios of the ratios to `koa-d` in the same pass, as for telemetry.
 */
export function storeFloor(summary: Summary): string[] {
  const lines: string[] = [];
  for (const scenario of summary.scenarios) {
    const { ours, 'koa-sql': floor } = scenario.servers;
    if (!ours || !floor) continue;
    lines.push(
      `  ${scenario.id.padEnd(8)} ours ${num(ours.rpsVsKoa / floor.rpsVsKoa, 2)} of koa-sql's req/s ` +
        `(${num(ours.cpuUs - floor.cpuUs, 0)} µs more CPU a request); koa-sql ${num(floor.rpsVsKoa, 2)} of koa-d's`,
    );
  }
  return lines.length
    ? [
        "the store's floor (koa-sql: koa-d that also inserts each course into sql.js, our schema and statement; same pass):",
        ...lines,
        '',
      ]
    : [];
}

/**
 * What the table leaves out, in lines: the peers, the core's cost, the store's floor, telemetry's and
 * a webhook endpoint's cost, growth, start-up, the first answer and memory.
 */
export function reportNotes(summary: Summary): string[] {
  const lines = [
    ...peerStanding(summary),
    ...coreCost(summary),
    ...storeFloor(summary),
    ...telemetryCost(summary),
    ...webhookCostLines(summary.webhookCost),
  ];
  const { growth, startupMs, memory } = summary;
  if (growth.list !== undefined || growth.create !== undefined) {
    lines.push(
      `our throughput, large set ÷ small set: list ${num(growth.list, 2)}, create ${num(growth.create, 2)}`,
    );
  }
  if (startupMs.small !== undefined) {
    lines.push(
      `our start-up (spawn → /healthz 200): small set ${num(startupMs.small, 0)} ms, large set ${num(startupMs.large, 0)} ms` +
        ` (bare node:http, same launcher: ${num(startupMs.baseline, 0)} ms)`,
    );
  }
  if (startupMs.before) {
    const { small, large } = startupMs.before;
    lines.push(`before's start-up: small set ${num(small, 0)} ms, large set ${num(large, 0)} ms`);
  }
  for (const [dataset, answer] of Object.entries(summary.firstAnswer)) {
    // A read's first answer includes loading the owner's courses (decision 0002).
    lines.push(
      `our first answer after start-up, ${dataset} set: ${num(answer.ms, 0)} ms (${answer.scenario})`,
    );
  }
  if (memory)
    lines.push(
      `our resident memory on the large set: ${num(memory.rssMb, 0)} MB after warm-up, peak ${num(memory.peakMb, 0)} MB`,
    );
  return lines;
}

/** A target's cells: its value, `pass`/`MISS`/`not measured`, and what is printed beside it. */
export function targetCells(t: TargetResult): { value: string; verdict: string; beside: string } {
  const verdict = t.met === undefined || t.met === null ? 'not measured' : t.met ? 'pass' : 'MISS';
  const digits = t.target.endsWith('MB') || t.target.endsWith('ms') ? 0 : 2;
  const beside = [
    ...(t.vsNode === undefined ? [] : [`×node ${num(t.vsNode, 2)}`]),
    ...(t.before === undefined ? [] : [`before ${num(t.before, digits)}`]),
    ...(t.ceiling === undefined ? [] : [`the ceiling itself ${num(t.ceiling, digits)}`]),
  ].join(', ');
  return { value: num(t.value, digits), verdict, beside };
}

/** The figures as a plain-text table, with the targets and whether each was met. */
export function formatReport(summary: Summary, targets: TargetResult[], header: string): string {
  const widths = [44, 8, 6, 9, 6, 6, 7, 6, 7, 6, 6, 7, 6, 6];
  const lines = [header, '', row(HEADINGS, widths)];
  lines.push('-'.repeat(widths.reduce((a, b) => a + b + 2, -2)));
  for (const { cells, warning } of reportRows(summary)) {
    lines.push(row(cells, widths) + (warning ? `  ! ${warning}` : ''));
  }
  lines.push('', ...reportNotes(summary));
  lines.push('', 'targets (medians; a report, not a test):');
  for (const t of targets) {
    const { value, verdict, beside } = targetCells(t);
    const line = `  ${t.name.padEnd(48)} ${t.target.padEnd(10)} ${value.padStart(8)}  ${verdict}`;
    lines.push(beside ? `${line.padEnd(82)}  ${beside}` : line);
  }
  return lines.join('\n');
}
