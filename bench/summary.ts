import type { RawResults, RunRecord } from './passes.ts';
import { koaBaselineOf, type Scenario, type ServerName } from './scenarios.ts';
import { type WebhookCost, webhookCost } from './webhook-cost.ts';

/** Medians over passes of one server in one scenario, and of its ratios to bare node:http and Koa. */
export interface Figure {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Medians of the per-pass ratios to bare node:http in the same scenario and pass. */
  vsNode: { rps: number; p50: number; p99: number };
  /**
   * Median of the per-pass ratio of throughput to the scenario's bare Koa in the same pass: the
   * durable one (`koa-d`) for a create, the plain one for a read (NaN without it).
   */
  rpsVsKoa: number;
  /** Median of the per-pass ratio of p99 latency to bare Koa's in the same scenario (NaN without Koa). */
  p99VsKoa: number;
  /** Median CPU time of the server per answered request, µs, and its ratio to bare node:http's. */
  cpuUs: number;
  cpuVsNode: number;
  /** Median share of the measured run, %, that the main thread waited for a CPU. */
  cpuWaitPct: number;
  /** Bytes of the response body this server sent in the scenario's check. */
  bytes: number | undefined;
  /** Summed over passes: anything non-zero means some answers were not the intended ones. */
  non2xx: number;
  errors: number;
}

/** The summarised benchmark. */
export interface Summary {
  scenarios: Array<{ id: string; label: string; servers: Partial<Record<ServerName, Figure>> }>;
  /** Our server's throughput on the large set as a ratio to the small set (same pass, median). */
  growth: { list?: number; create?: number };
  /**
   * Our server's start-up on each set; `baseline` is bare node:http's, launched the same way;
   * `before` the `--compare` checkout's server's on each set.
   */
  startupMs: {
    small?: number;
    large?: number;
    baseline?: number;
    before?: { small?: number; large?: number };
  };
  /** Our first answer after start-up on each set (median ms), and the scenario that asked it. */
  firstAnswer: Partial<Record<'small' | 'large', { scenario: string; ms: number }>>;
  memory?: { rssMb: number; peakMb: number };
  /** Create with one webhook endpoint beside create without (when the `webhook` row ran). */
  webhookCost?: WebhookCost;
}

/** The median of `values` (NaN when empty), ignoring NaN entries. */
function median(values: number[]): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const ratio = (a: number, b: number): number => (b > 0 ? a / b : Number.NaN);

/** The runs a figure is divided by, pass by pass. */
interface BaseRuns {
  node: RunRecord[];
  /** Bare Koa's, for latency. */
  koa: RunRecord[];
  /** The scenario's Koa baseline for throughput (the durable one for a create). */
  koaRps: RunRecord[];
}

function figure(runs: RunRecord[], base: BaseRuns, bytes: number | undefined): Figure {
  const nodeRuns = base.node;
  const per = (pick: (r: RunRecord) => number, baseRuns = nodeRuns): number =>
    median(
      runs.map((r) => {
        const base = baseRuns.find((b) => b.pass === r.pass);
        return base ? ratio(pick(r), pick(base)) : Number.NaN;
      }),
    );
  return {
    rps: median(runs.map((r) => r.result.requestsPerSecond)),
    p50Ms: median(runs.map((r) => r.result.p50Ms)),
    p99Ms: median(runs.map((r) => r.result.p99Ms)),
    vsNode: {
      rps: per((r) => r.result.requestsPerSecond),
      p50: per((r) => r.result.p50Ms),
      p99: per((r) => r.result.p99Ms),
    },
    rpsVsKoa: per((r) => r.result.requestsPerSecond, base.koaRps),
    p99VsKoa: per((r) => r.result.p99Ms, base.koa),
    cpuUs: median(runs.map((r) => r.cpuUsPerRequest)),
    cpuVsNode: per((r) => r.cpuUsPerRequest),
    cpuWaitPct: median(runs.map((r) => r.cpuWaitPct)),
    bytes,
    non2xx: runs.reduce((sum, r) => sum + r.result.non2xx, 0),
    errors: runs.reduce((sum, r) => sum + r.result.errors, 0),
  };
}

function growth(raw: RawResults, large: string, small: string): number | undefined {
  const ours = raw.runs.filter((r) => r.server === 'ours');
  const ratios = ours
    .filter((r) => r.scenario === large)
    .map((r) => {
      const base = ours.find((b) => b.scenario === small && b.pass === r.pass);
      return base ? ratio(r.result.requestsPerSecond, base.result.requestsPerSecond) : Number.NaN;
    });
  return ratios.length ? median(ratios) : undefined;
}

const medianOf = (values: Array<number | undefined>): number | undefined => {
  const present = values.filter((v): v is number => v !== undefined);
  return present.length ? median(present) : undefined;
};

/** Summarises the raw runs: medians over passes, ratios within a pass. */
export function summarise(raw: RawResults, plan: Scenario[]): Summary {
  const measured = plan.filter((scenario) => raw.runs.some((r) => r.scenario === scenario.id));
  const scenarios = measured.map((scenario) => {
    const runs = raw.runs.filter((r) => r.scenario === scenario.id);
    const of = (server: ServerName): RunRecord[] => runs.filter((r) => r.server === server);
    const base = { node: of('node'), koa: of('koa'), koaRps: of(koaBaselineOf(scenario)) };
    const servers: Partial<Record<ServerName, Figure>> = {};
    for (const name of scenario.servers) {
      const mine = of(name);
      if (mine.length) servers[name] = figure(mine, base, raw.bytes[scenario.id]?.[name]);
    }
    return { id: scenario.id, label: scenario.label, servers };
  });
  const memories = raw.extras.flatMap((e) => (e.memory ? [e.memory] : []));
  const summary: Summary = {
    scenarios,
    growth: {},
    startupMs: {},
    firstAnswer: {},
  };
  const list = growth(raw, 'list-large', 'list');
  const create = growth(raw, 'create-large', 'create');
  const cost = webhookCost(raw);
  if (cost) summary.webhookCost = cost;
  if (list !== undefined) summary.growth.list = list;
  if (create !== undefined) summary.growth.create = create;
  const small = medianOf(raw.extras.map((e) => e.startupMs.small));
  const large = medianOf(raw.extras.map((e) => e.startupMs.large));
  if (small !== undefined) summary.startupMs.small = small;
  if (large !== undefined) summary.startupMs.large = large;
  const before = {
    small: medianOf(raw.extras.map((e) => e.beforeStartupMs.small)),
    large: medianOf(raw.extras.map((e) => e.beforeStartupMs.large)),
  };
  if (before.small !== undefined) summary.startupMs.before = before;
  for (const dataset of ['small', 'large'] as const) {
    const answers = raw.extras.flatMap((e) => e.firstAnswer[dataset] ?? []);
    const scenario = plan.find((s) => s.id === answers[0]?.scenario);
    if (scenario)
      summary.firstAnswer[dataset] = { scenario: scenario.label, ms: median(answers.map((a) => a.ms)) };
  }
  if (memories.length) {
    summary.memory = {
      rssMb: median(memories.map((m) => m.rssMb)),
      peakMb: median(memories.map((m) => m.peakMb)),
    };
  }
  return summary;
}
