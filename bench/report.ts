import type { Figure, Summary } from './summary.ts';

/** One target of issue 15 (and issue 7's start-up and memory), with the measured value beside it. */
export interface TargetResult {
  name: string;
  target: string;
  value: number | undefined;
  /** Undefined when the figure was not measured in this run. */
  met: boolean | undefined;
}

const ours = (summary: Summary, id: string): Figure | undefined =>
  summary.scenarios.find((s) => s.id === id)?.servers.ours;

/** Compares the summary with the targets. A report, not an assertion. */
export function evaluateTargets(summary: Summary): TargetResult[] {
  const atLeast = (name: string, min: number, value: number | undefined): TargetResult => ({
    name,
    target: `>= ${min.toFixed(2)}`,
    value,
    met: value === undefined || Number.isNaN(value) ? undefined : value >= min,
  });
  const below = (name: string, max: number, unit: string, value: number | undefined): TargetResult => ({
    name,
    target: `< ${max} ${unit}`,
    value,
    met: value === undefined || Number.isNaN(value) ? undefined : value < max,
  });
  const p99 = (id: string, label: string): TargetResult => {
    const value = ours(summary, id)?.p99VsKoa;
    const met = value === undefined || Number.isNaN(value) ? undefined : value <= 2;
    return { name: `${label}, p99 ÷ bare Koa's`, target: '<= 2.00', value, met };
  };
  return [
    atLeast('list courses, req/s ×node', 0.55, ours(summary, 'list')?.vsNode.rps),
    atLeast('get one course, req/s ×node', 0.55, ours(summary, 'get')?.vsNode.rps),
    atLeast('create (durable), req/s ×node', 0.4, ours(summary, 'create')?.vsNode.rps),
    p99('list', 'list'),
    p99('get', 'get one'),
    p99('create', 'create'),
    atLeast('list, large set ÷ small set', 0.9, summary.growth.list),
    atLeast('create, large set ÷ small set', 0.9, summary.growth.create),
    below('start-up on the large set', 2000, 'ms', summary.startupMs.large),
    below('resident memory, large set', 300, 'MB', summary.memory?.rssMb),
  ];
}

/** Column headings; each `×node` is the ratio to bare node:http of the figure before it. */
const HEADINGS = [
  'scenario',
  'server',
  'bytes',
  'req/s',
  '×node',
  'p50 ms',
  '×node',
  'p99 ms',
  '×node',
  '×koa',
  'CPU µs',
  '×node',
  'wait %',
];

const num = (value: number | undefined, digits: number): string =>
  value === undefined || Number.isNaN(value)
    ? '–'
    : value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

const row = (cells: string[], widths: number[]): string =>
  cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');

/** The figures as a plain-text table, with the targets and whether each was met. */
export function formatReport(summary: Summary, targets: TargetResult[], header: string): string {
  const widths = [44, 5, 6, 9, 6, 7, 6, 7, 6, 6, 7, 6, 6];
  const lines = [header, '', row(HEADINGS, widths)];
  lines.push('-'.repeat(widths.reduce((a, b) => a + b + 2, -2)));
  for (const scenario of summary.scenarios) {
    let first = true;
    for (const [name, f] of Object.entries(scenario.servers)) {
      const warn = f.non2xx + f.errors > 0 ? `  ! ${f.non2xx} non-2xx, ${f.errors} errors` : '';
      const cells = [first ? scenario.label : '', name, num(f.bytes, 0), num(f.rps, 0), num(f.vsNode.rps, 2)];
      cells.push(num(f.p50Ms, 2), num(f.vsNode.p50, 2), num(f.p99Ms, 2), num(f.vsNode.p99, 2));
      cells.push(name === 'ours' ? num(f.p99VsKoa, 2) : '', num(f.cpuUs, 0), num(f.cpuVsNode, 2));
      cells.push(num(f.cpuWaitPct, 0));
      lines.push(row(cells, widths) + warn);
      first = false;
    }
  }
  lines.push('');
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
  lines.push('', 'targets (medians; a report, not a test):');
  for (const t of targets) {
    const verdict = t.met === undefined ? 'not measured' : t.met ? 'pass' : 'MISS';
    lines.push(
      `  ${t.name.padEnd(36)} ${t.target.padEnd(10)} ${num(t.value, t.target.endsWith('MB') || t.target.endsWith('ms') ? 0 : 2).padStart(8)}  ${verdict}`,
    );
  }
  return lines.join('\n');
}
