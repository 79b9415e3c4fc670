import type { ChildServer } from '../child-server.ts';
import type { LoadGenerator, LoadRequest, LoadResult } from '../load/types.ts';
import { courseBody } from '../seed.ts';
import { type PostgresFleet, SERVICES, sql, startPostgresFleet } from './postgres-fleet.ts';

/** One PostgreSQL + Redis figure: req/s of node:http, one instance and two, in the same pass. */
export interface ScaleOutRow {
  scenario: string;
  node: number;
  one: number;
  two: number;
}

interface Context {
  generator: LoadGenerator;
  node: ChildServer;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  largeSize: number;
  log(line: string): void;
}

const SCENARIOS = [
  { id: 'list', label: 'list courses, page of 20', path: () => '/api/v1/courses?limit=20' },
  { id: 'get', label: 'get one course', path: (id: string) => `/api/v1/courses/${id}` },
  { id: 'create', label: 'create a course, durable', path: () => '/api/v1/courses' },
] as const;

/**
 * The PostgreSQL + Redis scenarios: list, get and create with one instance and with two (two load
 * runs side by side, each with half the connections, req/s summed), beside bare node:http with all
 * the connections, at 1,000 and at `largeSize` stored courses. `undefined` when PostgreSQL does not answer.
 */
export async function runScaleOut(context: Context): Promise<ScaleOutRow[] | undefined> {
  const reachable = await sql(SERVICES.postgres, 'SELECT 1').then(
    () => true,
    () => false,
  );
  if (!reachable) {
    context.log(`PostgreSQL at ${SERVICES.postgres} does not answer: skipping the scale-out scenarios`);
    return undefined;
  }
  const fleet = await startPostgresFleet(2);
  const rows: ScaleOutRow[] = [];
  try {
    let stored = 1;
    for (const size of [1000, context.largeSize]) {
      await fleet.seed(size - stored);
      stored = size;
      const at = size.toLocaleString('en-US');
      for (const scenario of SCENARIOS) {
        if (size !== 1000 && scenario.id === 'get') continue;
        const row = await measure(context, fleet, scenario, `${scenario.label} (${at} stored)`);
        rows.push(row);
        context.log(
          `scale-out: ${row.scenario}: node ${row.node.toFixed(0)}, one ${row.one.toFixed(0)}, two ${row.two.toFixed(0)} req/s`,
        );
      }
    }
  } finally {
    await fleet.stop();
  }
  return rows;
}

async function measure(
  context: Context,
  fleet: PostgresFleet,
  scenario: (typeof SCENARIOS)[number],
  label: string,
): Promise<ScaleOutRow> {
  const post = scenario.id === 'create';
  const request: LoadRequest = {
    method: post ? 'POST' : 'GET',
    path: scenario.path(fleet.courseId),
    headers: { authorization: `Bearer ${fleet.key}`, ...(post && { 'content-type': 'application/json' }) },
    ...(post && { body: courseBody(0) }),
  };
  const { generator, connections } = context;
  const half = Math.max(1, Math.floor(connections / 2));
  const run = (url: string, c: number, seconds: number) =>
    generator.run(url, request, { connections: c, durationSeconds: seconds });
  const [a, b] = fleet.instances as [ChildServer, ChildServer];
  // A warm-up run, then the measured one; the figure is the sum over the runs side by side.
  const once = async (runs: (seconds: number) => Promise<LoadResult>[]) => {
    await Promise.all(runs(context.warmupSeconds));
    const results = await Promise.all(runs(context.durationSeconds));
    for (const result of results) {
      if (result.non2xx + result.errors > 0) {
        throw new Error(`${label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      }
    }
    return results.reduce((sum, result) => sum + result.requestsPerSecond, 0);
  };
  const node = await once((s) => [run(context.node.url, connections, s)]);
  const one = await once((s) => [run(a.url, connections, s)]);
  const two = await once((s) => [run(a.url, half, s), run(b.url, connections - half, s)]);
  return { scenario: label, node, one, two };
}

/** The table printed after the main report: each figure as a ratio to node:http in the same pass. */
export function formatScaleOut(rows: ScaleOutRow[]): string {
  const lines = [
    'PostgreSQL + Redis (two instances: two load runs side by side, half the connections each)',
    `${'scenario'.padEnd(46)} ${'node req/s'.padStart(10)} ${'one ×node'.padStart(10)} ${'two ×node'.padStart(10)} ${'two/one'.padStart(8)}`,
  ];
  for (const row of rows) {
    lines.push(
      `${row.scenario.padEnd(46)} ${row.node.toFixed(0).padStart(10)} ${(row.one / row.node).toFixed(2).padStart(10)} ${(row.two / row.node).toFixed(2).padStart(10)} ${(row.two / row.one).toFixed(2).padStart(8)}`,
    );
  }
  return lines.join('\n');
}
