// `npm run bench`: bare node:http, bare Koa (plain, durable, on sql.js) and our server under the same load
// (with `--compare DIR`, also our server from another checkout); see bench/README.md.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { type ChildServer, repoRoot, spawnServer } from './child-server.ts';
import { compareRuns, formatComparison, readEarlierRun } from './compare.ts';
import { compareProblem, type Datasets, prepareDatasets } from './datasets.ts';
import { pickLoadGenerator } from './load/index.ts';
import { parseOptions, usage } from './options.ts';
import { startOtlpSink } from './otlp-sink.ts';
import { runPasses } from './passes.ts';
import { captureReferenceAnswers, referenceEnv } from './reference-answers.ts';
import { evaluateTargets, formatReport } from './report.ts';
import { busyWarning, type RunMeta } from './run-meta.ts';
import { formatScaleOut, runScaleOut } from './scale-out/run-scale-out.ts';
import { type BaselineName, baselineScripts, type PeerName, peerScripts, scenarios } from './scenarios.ts';
import { summarise } from './summary.ts';
import { measureWebhookFloor, startWebhookReceiver } from './webhook-row.ts';
import { describeCommit, describeMachine, writeResults } from './write-results.ts';

const log = (line: string): void => {
  process.stderr.write(`[bench ${((performance.now() - began) / 1000).toFixed(0).padStart(3)} s] ${line}\n`);
};
const began = performance.now();
const loadBefore = loadavg()[0] ?? 0;
// Read before the run, so the commit is the code that ran.
const commit = describeCommit();
const machine = describeMachine();

const options = parseOptions(process.argv.slice(2));
if (options.help) {
  console.log(usage);
  process.exit(0);
}
const problem = options.compare && compareProblem(options.compare);
if (problem) {
  console.error(problem);
  process.exit(2);
}
// Read before the run, so a wrong file fails in a second rather than after the whole run.
const earlier = options.compareResults ? await readEarlierRun(options.compareResults) : undefined;
if (!options.baselinesOnly && !existsSync(join(repoRoot, 'server/index.ts'))) {
  log('server/index.ts does not exist yet: running the baselines only');
  options.baselinesOnly = true;
}

const generator = pickLoadGenerator(options.tool);
const plan = scenarios(options.sizes, options.compare !== undefined, options.telemetry).filter(
  (s) => options.only.length === 0 || options.only.includes(s.id),
);
const root = await mkdtemp(join(tmpdir(), 'course-bench-'));
let datasets: Datasets | undefined;
const needsLarge = plan.some((s) => s.dataset === 'large');
const sizes = { small: options.sizes.small, large: needsLarge ? options.sizes.large : undefined };
if (!options.baselinesOnly) datasets = await prepareDatasets(root, sizes, options.dataCache, log);
// The baselines serve our server's exact answers (bodies and headers), so ratios compare equal bytes.
const reference = datasets && (await captureReferenceAnswers(datasets.small, root));
const env = reference ? { [referenceEnv]: reference.file } : {};
// The peers answer with our page too, so they run only when our server gave one.
const childScripts: Array<[string, string]> = [
  ...Object.entries(baselineScripts).map(([name, file]): [string, string] => [
    name,
    `bench/baselines/${file}`,
  ]),
  ...(reference ? Object.entries(peerScripts) : []),
];
const baselines = Object.fromEntries(
  await Promise.all(childScripts.map(async ([name, script]) => [name, await spawnServer(script, { env })])),
) as Record<BaselineName, ChildServer> & Partial<Record<PeerName, ChildServer>>;
const { node } = baselines;
// Where the traced server sends its spans: a collector that accepts and drops them.
const otlpSink = await startOtlpSink();
// Where the `webhook` row's endpoint posts: a bare node:http child that answers 204 at once.
const receiver =
  datasets && plan.some((s) => s.servers.includes('webhook')) ? await startWebhookReceiver() : undefined;
try {
  log(
    `load generator ${generator.name}, ${options.connections} connections, ${options.passes} pass(es) of ${options.durationSeconds} s runs`,
  );
  const etag = reference?.answers.etag ?? '"synthetic"';
  const raw = await runPasses(
    options,
    generator,
    plan,
    baselines,
    datasets,
    etag,
    root,
    log,
    otlpSink.url,
    receiver,
  );
  if (receiver && raw.runs.some((run) => run.server === 'webhook')) {
    log('the floor under a webhook delivery: bare and signed POSTs to the same receiver');
    raw.webhookFloor = await measureWebhookFloor(receiver.url, options.quick ? 2_000 : 10_000);
  }
  // PostgreSQL + Redis, one and two instances (skipped when PostgreSQL does not answer, and in
  // `--only` runs).
  const scaleOut =
    options.baselinesOnly || options.only.length > 0
      ? undefined
      : await runScaleOut({ ...options, node, largeSize: options.sizes.large, generator, log });
  const summary = summarise(raw, plan);
  summary.startupMs.baseline = node.announcedMs;
  const targets = evaluateTargets(summary);
  const meta: RunMeta = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: machine.cpus,
    machine,
    commit,
    tool: generator.name,
    quick: options.quick,
    passes: options.passes,
    connections: options.connections,
    durationSeconds: options.durationSeconds,
    warmupSeconds: options.warmupSeconds,
    sizes: options.sizes,
    only: options.only,
    compare: options.compare,
    telemetry: options.telemetry,
    seedMs: { small: datasets?.small.seedMs, large: datasets?.large?.seedMs },
    totalSeconds: (performance.now() - began) / 1000,
    loadAverage: { before: loadBefore, after: loadavg()[0] ?? 0 },
  };
  const busy = busyWarning(meta);
  const warning = busy ? `\nWARNING: ${busy}` : '';
  const header = [
    `course-service benchmark — ${meta.tool}, ${meta.connections} connections, ` +
      `${meta.passes} pass(es) × ${meta.durationSeconds} s, node ${meta.node}, ${meta.cpus} CPUs`,
    'medians over passes of per-pass ratios: ×node to bare node:http, ×koa to bare Koa ' +
      '(req/s of a create: to koa-d, the durable bare Koa)',
    ...(options.compare ? [`before = our server from ${options.compare}`] : []),
  ].join('\n');
  console.log(formatReport(summary, targets, header + warning));
  const comparison =
    earlier && options.compareResults
      ? compareRuns(summary, earlier, relative(repoRoot, options.compareResults))
      : undefined;
  if (comparison) console.log(`\n${formatComparison(comparison).join('\n')}`);
  if (scaleOut) console.log(`\n${formatScaleOut(scaleOut)}`);
  const run = { meta, ...summary, targets, scaleOut, comparison, runs: raw.runs, extras: raw.extras };
  if (options.json) {
    await writeFile(options.json, `${JSON.stringify(run, null, 2)}\n`);
    log(`wrote ${options.json}`);
  }
  if (options.results) log(`wrote ${await writeResults(run)} and its index`);
  log(`done in ${meta.totalSeconds.toFixed(0)} s`);
} finally {
  await Promise.all([
    ...Object.values(baselines).map((server) => server.stop()),
    otlpSink.close(),
    receiver?.stop(),
  ]);
  await rm(root, { recursive: true, force: true });
}
