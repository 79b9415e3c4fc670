import { COMPARISON_HEADINGS, comparisonCells, comparisonTitle } from './compare.ts';
import { HEADINGS, reportNotes, reportRows, targetCells } from './report.ts';
import { type BenchRun, busyWarning, type RunMeta } from './run-meta.ts';
import { formatScaleOut } from './scale-out/run-scale-out.ts';

/**
 * The name of a run's files without extension, which sorts by time: the minute it finished in UTC
 * and its kind, e.g. `2026-11-28T19-40Z-quick` (`full` for a run without `--quick`).
 */
export function resultStem(meta: Pick<RunMeta, 'date' | 'quick'>): string {
  const minute = meta.date.slice(0, 16).replace(':', '-');
  return `${minute}Z-${meta.quick ? 'quick' : 'full'}`;
}

/** A cell's text with the characters a Markdown table would read as its own escaped. */
const cell = (text: string): string => text.replaceAll('|', '\\|');

/** Characters as a reader counts them (`×` and `µ` are one each). */
const width = (text: string): number => [...text].length;

/**
 * A Markdown table laid out as Biome formats one (every column padded to its widest cell), so a
 * written page passes `biome check` as it is. The columns `right` names are right-aligned.
 */
function table(
  headings: string[],
  rows: string[][],
  right: (column: number) => boolean = () => false,
): string[] {
  const cells = [headings, ...rows].map((r) => r.map(cell));
  const widths = headings.map((_, i) => Math.max(3, ...cells.map((r) => width(r[i] ?? ''))));
  const line = (r: string[]): string =>
    `| ${widths
      .map((w, i) => {
        const text = r[i] ?? '';
        const pad = ' '.repeat(w - width(text));
        return right(i) ? pad + text : text + pad;
      })
      .join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (right(i) ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`;
  const [head = [], ...body] = cells;
  return [line(head), rule, ...body.map(line)];
}

const count = (n: number): string => n.toLocaleString('en-US');

/** The run's time as a reader says it: `2026-11-28 19:40 UTC`. */
const when = (date: string): string => `${date.slice(0, 10)} ${date.slice(11, 16)} UTC`;

function commitLine(meta: RunMeta): string {
  if (!meta.commit) return 'not recorded';
  const { sha, dirty } = meta.commit;
  return dirty
    ? `\`${sha}\`, with uncommitted changes in the working tree`
    : `\`${sha}\`, clean working tree`;
}

function machineRows(meta: RunMeta): string[][] {
  const m = meta.machine;
  const cores = m ? `${m.cores} logical, ${m.cpus} available to Node` : `${meta.cpus} available to Node`;
  return [
    ...(m ? [['CPU', m.cpuModel]] : []),
    ['cores', cores],
    ...(m
      ? [
          ['memory', `${m.memoryGb.toFixed(1)} GB`],
          ['platform', m.platform],
        ]
      : []),
    ['Node', meta.node],
    ['load average (1 min) at start', meta.loadAverage.before.toFixed(2)],
    ['load average (1 min) at end', meta.loadAverage.after.toFixed(2)],
  ];
}

/** What the run was compared with: a checkout that ran beside ours, an earlier results file, or nothing. */
function compared(run: BenchRun): string {
  const against = [
    ...(run.meta.compare ? [`${run.meta.compare} (ran as \`before\`)`] : []),
    ...(run.comparison ? [`${run.comparison.file} (an earlier run's results)`] : []),
  ];
  return against.length ? against.join('; ') : 'nothing';
}

function optionRows(run: BenchRun): string[][] {
  const { meta } = run;
  const kind = meta.quick ? '`--quick`' : 'full';
  return [
    ['run', kind],
    ['load generator', meta.tool],
    [
      'passes',
      `${meta.passes} × ${meta.durationSeconds} s runs, each after a ${meta.warmupSeconds} s warm-up`,
    ],
    ['connections', String(meta.connections)],
    ['data sets', `${count(meta.sizes.small)} and ${count(meta.sizes.large)} courses`],
    ['scenarios', meta.only?.length ? meta.only.join(', ') : 'all'],
    ['telemetry rows', meta.telemetry === false ? 'left out' : 'run'],
    ['compared with', compared(run)],
    ['whole run', `${meta.totalSeconds.toFixed(0)} s`],
  ];
}

/** A fenced block of plain-text lines, or nothing when there are none. */
const textBlock = (lines: string[]): string[] => (lines.length ? ['```text', ...lines, '```', ''] : []);

/**
 * The Markdown page of one run, rendered from its JSON (`jsonName`, beside it): the machine, the
 * commit, the options, the table the console prints, its notes, the targets and scale-out.
 */
export function renderResult(run: BenchRun, jsonName: string): string {
  const { meta } = run;
  const warning = busyWarning(meta);
  const rows = reportRows(run).map(({ cells, warning: w }) => (w ? [...cells, w] : [...cells, '']));
  const notes = reportNotes(run);
  while (notes.at(-1) === '') notes.pop();
  const targets = run.targets.map((t) => {
    const { value, verdict, beside } = targetCells(t);
    return [t.name, t.target, value, verdict, beside];
  });
  const lines = [
    `# Benchmark run of ${when(meta.date)}${meta.quick ? ' (quick)' : ''}`,
    '',
    `Written by \`npm run bench\` from [its JSON](${jsonName}); never edited by hand. How to read it:`,
    '[bench/README.md](../README.md#reading-the-results).',
    '',
    ...(warning ? [`**Warning**: ${warning}`, ''] : []),
    '## Machine',
    '',
    ...table(['', ''], machineRows(meta)),
    '',
    '## Commit',
    '',
    commitLine(meta),
    '',
    '## Options',
    '',
    ...table(['', ''], optionRows(run)),
    '',
    '## Scenarios',
    '',
    'Medians over passes; each ratio is the median over passes of the ratio to the baseline in the same',
    'pass (`×node` to bare node:http, `×koa` to bare Koa, the durable `koa-d` for a create’s req/s).',
    '',
    ...table([...HEADINGS, 'flagged'], rows, (i) => i >= 2 && i < HEADINGS.length),
    '',
    ...textBlock(notes),
    '## Targets',
    '',
    'Medians; a report, not a test.',
    '',
    ...table(['target', 'goal', 'value', 'verdict', 'beside'], targets, (i) => i === 2),
    '',
    ...(run.comparison
      ? [
          '## Before and after',
          '',
          comparisonTitle(run.comparison),
          '',
          ...table(COMPARISON_HEADINGS, comparisonCells(run.comparison), (i) => i >= 2),
          '',
        ]
      : []),
    ...(run.scaleOut?.length
      ? ['## PostgreSQL + Redis', '', ...textBlock(formatScaleOut(run.scaleOut).split('\n'))]
      : []),
  ];
  while (lines.at(-1) === '') lines.pop();
  return `${lines.join('\n')}\n`;
}

/** One run in the index: its file stem and what it was. */
export interface IndexEntry {
  stem: string;
  meta: RunMeta;
}

/** The index of result pages, newest first, each with its commit, options and machine in a line. */
export function renderIndex(entries: IndexEntry[]): string {
  const sorted = [...entries].sort((a, b) => (a.stem < b.stem ? 1 : a.stem > b.stem ? -1 : 0));
  const lines = [
    '# Benchmark results',
    '',
    'These files are written by `npm run bench` and never edited by hand: each run adds a page',
    '(Markdown rendered from the JSON beside it) and rewrites this index, newest first. What runs and',
    'how to read a page: [bench/README.md](../README.md).',
    '',
  ];
  if (sorted.length === 0) lines.push('No run yet.');
  for (const { stem, meta } of sorted) {
    const commit = meta.commit
      ? `commit \`${meta.commit.sha}\`${meta.commit.dirty ? ' (dirty)' : ''}`
      : 'commit –';
    const passes = `${meta.passes} × ${meta.durationSeconds} s`;
    const only = meta.only?.length ? `, only ${meta.only.join(', ')}` : '';
    const busy = busyWarning(meta) ? ', machine busy' : '';
    lines.push(
      `- [${when(meta.date)}${meta.quick ? ', quick' : ''}](${stem}.md) ([JSON](${stem}.json)): ${commit}, ` +
        `${passes}${only}, ${meta.tool}, Node ${meta.node}, ${meta.cpus} CPUs${busy}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
