import { cp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type ChildServer, repoRoot } from './child-server.ts';
import { type Datasets, startOurs } from './datasets.ts';
import type { LoadGenerator, LoadRequest, LoadResult } from './load/types.ts';
import type { BenchOptions } from './options.ts';
import {
  type BaselineName,
  checkoutServers,
  type DatasetName,
  type PeerName,
  type Scenario,
  type ServerName,
} from './scenarios.ts';
import {
  type BenchEndpoint,
  createBenchEndpoint,
  deliveryCounter,
  type WebhookFloor,
  type WebhookTally,
  webhookEnv,
} from './webhook-row.ts';

/** One measured load run. */
export interface RunRecord {
  pass: number;
  scenario: string;
  server: ServerName;
  result: LoadResult;
  /**
   * The server process's CPU time per answered request, in µs: unlike throughput, hardly moved by
   * other work on the machine, so it is the figure to compare A/B on a busy machine.
   */
  cpuUsPerRequest: number;
  /**
   * The share of the measured run, in %, that the server's main thread spent ready to run but
   * waiting for a CPU: time that every request in flight waits on top of its own work.
   */
  cpuWaitPct: number;
  /** The `webhook` row's deliveries around its measured run (see `webhook-row.ts`). */
  webhooks?: WebhookTally;
}

/** What a pass measured of our server besides load: start-up time and memory. */
interface PassExtras {
  pass: number;
  startupMs: Partial<Record<DatasetName, number>>;
  /** The same for our server from the `--compare` checkout (empty without it). */
  beforeStartupMs: Partial<Record<DatasetName, number>>;
  /**
   * Our first answer after start-up on each set: the first scenario's check request. A read loads
   * the owner's courses into the read model (on the large set, all 100,000 of them).
   */
  firstAnswer: Partial<Record<DatasetName, { scenario: string; ms: number }>>;
  /** Resident memory on the large set after warm-up, and its peak over the pass. */
  memory?: { rssMb: number; peakMb: number };
}

/** Everything the passes measured, before summarising. */
export interface RawResults {
  runs: RunRecord[];
  extras: PassExtras[];
  /** Answer bytes (headers and body) per scenario and server, from the check before each scenario. */
  bytes: Record<string, Partial<Record<ServerName, number>>>;
  /** The floor under a delivery, measured after the passes when the `webhook` row ran. */
  webhookFloor?: WebhookFloor;
}

/**
 * Sends `request` once and throws unless it gets the answer the scenario is meant to measure;
 * returns its size in bytes: every header line (`name: value` and CRLF; no status line) and the body.
 */
async function check(
  url: string,
  request: LoadRequest,
  scenario: Scenario,
  server: ServerName,
): Promise<number> {
  const response = await fetch(url + request.path, {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
    signal: AbortSignal.timeout(10_000),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  let body: { data?: unknown[] } | undefined;
  try {
    body = bytes.length ? (JSON.parse(bytes.toString('utf8')) as { data?: unknown[] }) : undefined;
  } catch {
    body = undefined;
  }
  const pageOk = !scenario.id.startsWith('list') || body?.data?.length === 20;
  if (response.status !== scenario.status || !pageOk) {
    throw new Error(
      `${scenario.id} on ${server}: got ${response.status} ${JSON.stringify(body).slice(0, 300)}`,
    );
  }
  let headerBytes = 0;
  response.headers.forEach((value, name) => {
    headerBytes += name.length + 2 + Buffer.byteLength(value) + 2;
  });
  return headerBytes + bytes.length;
}

/** A server that runs on a copy of the data: its checkout, settings and (unless ours) child script. */
type CheckoutServer = [name: ServerName, checkout: string, env: Record<string, string>, script?: string];

/**
 * Where each server that runs on a copy of the data comes from, and its own settings: ours here,
 * ours replaying the core's answers, ours with metrics on and with traces on (sent to
 * `otlpSink`), `before` at `--compare`.
 */
function checkoutsOf(options: BenchOptions, otlpSink: string): CheckoutServer[] {
  return [
    ['ours', repoRoot, {}],
    ['replayed', repoRoot, {}, 'bench/servers/replayed-core.ts'],
    ['metrics', repoRoot, { METRICS: 'on' }],
    ['traced', repoRoot, { OTEL_EXPORTER_OTLP_ENDPOINT: otlpSink }],
    ['webhook', repoRoot, webhookEnv],
    ...(options.compare ? [['before', options.compare, {}] as CheckoutServer] : []),
  ];
}

/** The `ETag` a server sends for the course the scenarios read. */
async function etagFrom(url: string, context: { key: string; courseId: string }): Promise<string> {
  const response = await fetch(`${url}/api/v1/courses/${context.courseId}`, {
    headers: { authorization: `Bearer ${context.key}` },
  });
  await response.arrayBuffer();
  return response.headers.get('etag') ?? '"none"';
}

/**
 * Runs every pass: for each data set, our server (and with `--compare` the other checkout's) starts
 * on a fresh copy of it, then each scenario drives its servers in turn (node, koa, koa-d, koa-sql, ours,
 * before, replayed, metrics, traced, then the peers), each with a warm-up run and a measured run.
 * The `webhook` row's endpoint posts to `receiver`; its measured run starts once the warm-up's
 * deliveries have drained, and its tally counts the deliveries in and after it.
 */
export async function runPasses(
  options: BenchOptions,
  generator: LoadGenerator,
  plan: Scenario[],
  baselines: Record<BaselineName, ChildServer> & Partial<Record<PeerName, ChildServer>>,
  datasets: Datasets | undefined,
  etag: string,
  root: string,
  log: (line: string) => void,
  otlpSink: string,
  receiver: ChildServer | undefined,
): Promise<RawResults> {
  const raw: RawResults = { runs: [], extras: [], bytes: {} };
  const load = { connections: options.connections };
  for (let pass = 1; pass <= options.passes; pass++) {
    const extras: PassExtras = { pass, startupMs: {}, beforeStartupMs: {}, firstAnswer: {} };
    raw.extras.push(extras);
    for (const dataset of ['small', 'large'] as const) {
      const seeded = datasets?.[dataset];
      // Without our server the large set adds nothing: the baselines hold no data.
      if (!seeded && dataset === 'large') continue;
      const group = plan
        .filter((s) => s.dataset === dataset)
        .map((s) => ({
          ...s,
          servers: s.servers.filter((name) =>
            checkoutServers.includes(name) ? seeded !== undefined : name in baselines,
          ),
        }));
      if (group.length === 0) continue;
      const servers: Partial<Record<ServerName, ChildServer>> = { ...baselines };
      const copies: string[] = [];
      let endpoint: BenchEndpoint | undefined;
      try {
        // One after the other, so neither start-up competes with the other for the CPU.
        for (const [name, checkout, env, script] of checkoutsOf(options, otlpSink)) {
          if (!seeded) break;
          if (!group.some((s) => s.servers.includes(name))) continue;
          const copy = join(root, `pass-${pass}-${dataset}-${name}`);
          copies.push(copy);
          await cp(seeded.dir, copy, { recursive: true });
          const started = await startOurs(copy, [], checkout, env, script);
          servers[name] = started.server;
          if (name === 'webhook' && receiver)
            endpoint = await createBenchEndpoint(started.server.url, seeded.key, receiver.url);
          if (name === 'ours' || name === 'before')
            (name === 'ours' ? extras.startupMs : extras.beforeStartupMs)[dataset] = started.startupMs;
          const who = name === 'ours' ? 'our server' : `${name} (${checkout})`;
          log(
            `pass ${pass}: ${who} started on ${seeded.count} courses in ${started.startupMs.toFixed(0)} ms`,
          );
        }
        const ours = servers.ours;
        for (const scenario of group) {
          const context = { key: 'none', courseId: 'crs_0000000000000000', ...seeded, etag };
          for (const server of scenario.servers) {
            const child = servers[server];
            const url = child?.url ?? '';
            // Another checkout may tag representations differently: it is asked with its own tag.
            const own =
              server !== 'ours' && checkoutServers.includes(server) ? await etagFrom(url, context) : etag;
            const request = { ...scenario.request({ ...context, etag: own }), status: scenario.status };
            const counter =
              server === 'webhook' && endpoint && child ? await deliveryCounter(endpoint, child) : undefined;
            const asked = performance.now();
            const bytes = await check(url, request, scenario, server);
            if (server === 'ours' && !extras.firstAnswer[dataset])
              extras.firstAnswer[dataset] = { scenario: scenario.id, ms: performance.now() - asked };
            raw.bytes[scenario.id] = { ...raw.bytes[scenario.id], [server]: bytes };
            await generator.run(url, request, { ...load, durationSeconds: options.warmupSeconds });
            const settled = await counter?.settle();
            if (server === 'ours' && dataset === 'large' && !extras.memory)
              extras.memory = await ours?.memory();
            const cpuBefore = (await child?.cpuMs()) ?? Number.NaN;
            const waitBefore = (await child?.cpuWaitMs()) ?? Number.NaN;
            const started = performance.now();
            const result = await generator.run(url, request, {
              ...load,
              durationSeconds: options.durationSeconds,
            });
            const elapsedMs = performance.now() - started;
            const cpuMs = ((await child?.cpuMs()) ?? Number.NaN) - cpuBefore;
            const waitMs = ((await child?.cpuWaitMs()) ?? Number.NaN) - waitBefore;
            const cpuUsPerRequest = (cpuMs * 1000) / result.total;
            const cpuWaitPct = (100 * waitMs) / elapsedMs;
            const webhooks =
              counter && settled ? await counter.tally(result, { ...settled, cpuMs: cpuBefore }) : undefined;
            const record = { pass, scenario: scenario.id, server, result, cpuUsPerRequest, cpuWaitPct };
            raw.runs.push(webhooks ? { ...record, webhooks } : record);
            const flag =
              result.non2xx + result.errors > 0 ? ` (${result.non2xx} non-2xx, ${result.errors} errors)` : '';
            log(
              `pass ${pass}: ${scenario.id} ${server}: ${result.requestsPerSecond.toFixed(0)} req/s${flag}`,
            );
          }
        }
        if (ours && extras.memory) extras.memory.peakMb = (await ours.memory()).peakMb;
      } finally {
        await Promise.all(checkoutServers.map((name) => servers[name]?.stop()));
        await Promise.all(copies.map((copy) => rm(copy, { recursive: true, force: true })));
      }
    }
  }
  return raw;
}
