import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

/** How a benchmark run is configured. */
export interface BenchOptions {
  quick: boolean;
  passes: number;
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  tool: 'auto' | 'wrk' | 'autocannon';
  json: string | undefined;
  /** Whether the run writes its page and JSON to bench/results/ and rewrites the index there. */
  results: boolean;
  /** Skip our server (the baselines alone, e.g. while it is not built yet). */
  baselinesOnly: boolean;
  sizes: { small: number; large: number };
  /** Where seeded data sets are kept between runs (seeding 100,000 courses takes a while). */
  dataCache: string | undefined;
  /** Only these scenario ids (all when empty), for A/B runs of one path. */
  only: string[];
  /** Another checkout of this repository whose server also runs, as `before` (absolute path). */
  compare: string | undefined;
  /** An earlier run's results JSON whose rows are printed beside this run's, as before/after. */
  compareResults: string | undefined;
  /** Whether ours also runs with metrics on (`metrics`) and with traces on (`traced`), on the small set. */
  telemetry: boolean;
}

/** The usage text printed by `--help`. */
export const usage = `Usage: npm run bench -- [options]
  --quick            1 pass of 2 s runs, each after a 1 s warm-up
  --json FILE        also write the figures as JSON to FILE
  --no-results       do not write the run to bench/results/ (written there by default, with its index)
  --passes N         passes (default 3; 1 with --quick)
  --duration S       seconds per measured run (default 5; 2 with --quick)
  --connections N    concurrent connections (default 50)
  --tool NAME        wrk | autocannon (default: wrk when on PATH)
  --baselines-only   run only the baselines: bare node:http and bare Koa (plain, durable, and on sql.js)
  --large N          courses in the large data set (default 100000)
  --data-cache DIR   keep the seeded data sets in DIR and reuse them while server/store is unchanged
  --only IDS         only these scenarios, comma-separated (list,get,get-304,create,
                     create-webhook,list-large,create-large)
  --compare FILE     print beside this run's rows those of an earlier run's results JSON
                     (bench/results/*.json): ×koa and CPU µs per answer, before and after
  --compare DIR      also run our server from the checkout at DIR (e.g. a git worktree of an older
                     commit, with its own node_modules) as the server "before", on the same data
  --skip-telemetry   leave out our server with metrics on ("metrics") and with traces on ("traced"),
                     which otherwise run beside it on the small set`;

function positive(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number, got ${value}`);
  return n;
}

/** `--compare`'s argument: a results file (ends in `.json`) or a checkout (anything else). */
function compareTarget(value: string | undefined): Pick<BenchOptions, 'compare' | 'compareResults'> {
  if (value === undefined) return { compare: undefined, compareResults: undefined };
  if (value.endsWith('.json')) return { compare: undefined, compareResults: resolve(value) };
  return { compare: resolve(value), compareResults: undefined };
}

/** Parses the command line; throws with a message on anything invalid. */
export function parseOptions(argv: string[]): BenchOptions & { help: boolean } {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: 'boolean', default: false },
      json: { type: 'string' },
      'no-results': { type: 'boolean', default: false },
      passes: { type: 'string' },
      duration: { type: 'string' },
      connections: { type: 'string' },
      tool: { type: 'string', default: 'auto' },
      'baselines-only': { type: 'boolean', default: false },
      large: { type: 'string' },
      'data-cache': { type: 'string' },
      only: { type: 'string' },
      compare: { type: 'string' },
      'skip-telemetry': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const tool = values.tool;
  if (tool !== 'auto' && tool !== 'wrk' && tool !== 'autocannon') throw new Error(`--tool: unknown ${tool}`);
  const quick = values.quick === true;
  const durationSeconds = positive(values.duration, 'duration', quick ? 2 : 5);
  return {
    help: values.help === true,
    quick,
    passes: Math.round(positive(values.passes, 'passes', quick ? 1 : 3)),
    durationSeconds,
    warmupSeconds: quick ? 1 : 2,
    connections: Math.round(positive(values.connections, 'connections', 50)),
    tool,
    json: values.json,
    results: values['no-results'] !== true,
    baselinesOnly: values['baselines-only'] === true,
    sizes: { small: 1_000, large: Math.round(positive(values.large, 'large', 100_000)) },
    dataCache: values['data-cache'],
    only: values.only ? values.only.split(',').map((id) => id.trim()) : [],
    ...compareTarget(values.compare),
    telemetry: values['skip-telemetry'] !== true,
  };
}
