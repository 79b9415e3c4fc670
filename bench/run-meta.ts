import type { TargetResult } from './report.ts';
import type { ScaleOutRow } from './scale-out/run-scale-out.ts';
import type { Summary } from './summary.ts';

/** The machine a run measured on. */
export interface Machine {
  cpuModel: string;
  /** Logical CPUs the system has, and how many Node may use (`availableParallelism`). */
  cores: number;
  cpus: number;
  platform: string;
  memoryGb: number;
}

/** What a run was: when, where, on which commit, with which options, and how long it took. */
export interface RunMeta {
  /** When the run finished, ISO 8601 in UTC. */
  date: string;
  node: string;
  cpus: number;
  machine?: Machine;
  /** The checkout measured: `git rev-parse --short HEAD`, and whether the tree had other changes. */
  commit?: { sha: string; dirty: boolean };
  tool: string;
  quick: boolean;
  passes: number;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  sizes: { small: number; large: number };
  /** The scenarios asked for with `--only` (all when empty or absent). */
  only?: string[];
  /** The checkout whose server ran as `before` (`--compare DIR`). */
  compare: string | undefined;
  /** Whether ours also ran with metrics on and with traces on. */
  telemetry?: boolean;
  seedMs: { small?: number | undefined; large?: number | undefined };
  totalSeconds: number;
  /** 1-minute load average before and after the run. */
  loadAverage: { before: number; after: number };
}

/** Everything a run wrote to its JSON file. */
export type BenchRun = { meta: RunMeta } & Summary & {
    targets: TargetResult[];
    scaleOut?: ScaleOutRow[] | undefined;
    /** This run beside an earlier results file (`--compare FILE`). */
    comparison?: Comparison | undefined;
    runs?: unknown[];
    extras?: unknown[];
  };

/**
 * The warning for a machine already busy before the run, or `undefined`: other work skews the
 * servers unequally (the slowest suffers most). Only the load before the run tells, as the load
 * after it includes the benchmark's own busy processes.
 */
export function busyWarning(meta: Pick<RunMeta, 'cpus' | 'loadAverage'>): string | undefined {
  const { before } = meta.loadAverage;
  return before > 0.75 * meta.cpus
    ? `the machine was busy before the run (1-min load average ${before.toFixed(1)} on ${meta.cpus} CPUs): figures are unreliable.`
    : undefined;
}

/** One server in one scenario, measured in an earlier run and in this one. */
export interface ComparisonRow {
  scenario: string;
  server: string;
  /** Throughput over the scenario's bare Koa in the same pass (`×koa`), before and now. */
  rpsVsKoa: { before: number | null; after: number | null };
  /** The server's CPU time per answer, µs, before and now. */
  cpuUs: { before: number | null; after: number | null };
}

/** This run beside an earlier results file: which file, when it ran, on which commit, and the rows. */
export interface Comparison {
  file: string;
  date: string;
  commit: RunMeta['commit'];
  rows: ComparisonRow[];
}
