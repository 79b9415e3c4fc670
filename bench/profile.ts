// `tsx bench/profile.ts`: CPU-profiles our server under one scenario at a time and prints the
// functions and packages with the most self time during the measured load (start-up excluded).
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from './child-server.ts';
import { summariseProfile } from './cpu-profile.ts';
import { prepareDatasets, startOurs } from './datasets.ts';
import { pickLoadGenerator } from './load/index.ts';
import { scenarios } from './scenarios.ts';
import { createBenchEndpoint, startWebhookReceiver, webhookEnv } from './webhook-row.ts';

const { values } = parseArgs({
  options: {
    scenario: { type: 'string', multiple: true },
    courses: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '5' },
    top: { type: 'string', default: '25' },
    tool: { type: 'string', default: 'auto' },
    'data-cache': { type: 'string' },
    env: { type: 'string', multiple: true },
  },
});
const courses = Number(values.courses);
// `--env METRICS=on` profiles a variant of our server, as the bench's `metrics` row runs it.
const env = Object.fromEntries(
  (values.env ?? []).map((pair) => {
    const at = pair.indexOf('=');
    if (at < 1) throw new Error(`--env takes NAME=VALUE, got '${pair}'`);
    return [pair.slice(0, at), pair.slice(at + 1)];
  }),
);
const seconds = Number(values.seconds);
const large = courses > 1000 ? courses : undefined;
const wanted = values.scenario ?? ['list', 'create'];
const plan = scenarios({ small: 1000, large: large ?? 100_000 }).filter(
  (s) => wanted.includes(s.id.replace('-large', '')) && (s.dataset === 'large') === (large !== undefined),
);
const tool = values.tool === 'wrk' || values.tool === 'autocannon' ? values.tool : 'auto';
const generator = pickLoadGenerator(tool);
const log = (line: string): void => void process.stderr.write(`[profile] ${line}\n`);
const nowUs = (): number => Number(process.hrtime.bigint() / 1000n);

const root = await mkdtemp(join(tmpdir(), 'course-profile-'));
try {
  const datasets = await prepareDatasets(root, { small: 1000, large }, values['data-cache'], log);
  const seeded = datasets.large ?? datasets.small;
  for (const scenario of plan) {
    const dir = join(root, `prof-${scenario.id}`);
    // A copy, as each bench pass runs on: the seeded set (maybe the --data-cache one) stays as seeded.
    const data = join(root, `data-${scenario.id}`);
    await cp(seeded.dir, data, { recursive: true });
    // `create-webhook` profiles the bench's `webhook` row: one endpoint, posting to a loopback receiver.
    const hooked = scenario.servers.includes('webhook');
    const receiver = hooked ? await startWebhookReceiver() : undefined;
    const serverEnv = hooked ? { ...env, ...webhookEnv } : env;
    const { server } = await startOurs(data, ['--cpu-prof', `--cpu-prof-dir=${dir}`], undefined, serverEnv);
    if (receiver) await createBenchEndpoint(server.url, seeded.key, receiver.url);
    const etag = await fetch(`${server.url}/api/v1/courses/${seeded.courseId}`, {
      headers: { authorization: `Bearer ${seeded.key}` },
    }).then((r) => r.headers.get('etag') ?? '');
    const request = scenario.request({ ...seeded, etag });
    const load = { connections: 50, durationSeconds: seconds };
    await generator.run(server.url, request, { ...load, durationSeconds: 2 });
    const fromUs = nowUs();
    const result = await generator.run(server.url, request, load);
    const toUs = nowUs();
    await server.stop();
    await receiver?.stop();
    const file = (await readdir(dir)).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error(`no profile written in ${dir}`);
    const profile = JSON.parse(await readFile(join(dir, file), 'utf8'));
    const summary = summariseProfile(profile, { fromUs, toUs }, repoRoot);
    const top = Number(values.top);
    const line = (s: { name: string; ms: number; percent: number }): string =>
      `  ${s.percent.toFixed(1).padStart(5)}%  ${s.ms.toFixed(0).padStart(6)} ms  ${s.name}`;
    console.log(
      `\n== ${scenario.label}: ${result.requestsPerSecond.toFixed(0)} req/s under the profiler (${generator.name}), ${summary.totalMs.toFixed(0)} ms sampled`,
    );
    console.log('self time by package / file:');
    console.log(summary.owners.slice(0, 15).map(line).join('\n'));
    console.log('self time by function:');
    for (const f of summary.functions.slice(0, top)) {
      console.log(line(f));
      if (f.via) console.log(`${' '.repeat(20)}via ${f.via}`);
    }
  }
} finally {
  await rm(root, { recursive: true, force: true });
}
