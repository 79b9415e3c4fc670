// The floor under a webhook delivery's cost: a bare node:http client (keep-alive, 16 in flight, as
// the delivery worker sends) posting a signed event's bytes to the bench's receiver, in its own
// process, with no store, no claim and no outcome. Its CPU per POST is what any delivery costs at
// least in Node; set beside our create's CPU per answer, it tells whether a target on "create plus
// its delivery" can be met by any implementation. Run: npx tsx bench/webhook-post-floor.ts, which
// writes bench/results/webhook-post-floor/<date>.md; the bench runs it with `--receiver URL --json`
// beside its `webhook` row and prints the floor under that row.
import { fork } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { resultsDir } from './write-results.ts';

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '20000' },
    receiver: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});
const POSTS = Number(values.posts);
const IN_FLIGHT = 16;
const PASSES = 5;

// The bench's receiver when given; otherwise one of its own, which announces its URL as one JSON
// line on stdout.
const receiver = values.receiver
  ? undefined
  : fork(fileURLToPath(new URL('./servers/webhook-receiver.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
const url =
  values.receiver ??
  (await new Promise<string>((resolve) =>
    receiver?.stdout?.once('data', (line: Buffer) =>
      resolve((JSON.parse(String(line)) as { url: string }).url),
    ),
  ));
const { hostname, port } = new URL(url);
const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
const webhook = new Webhook(`whsec_${Buffer.alloc(24, 7).toString('base64')}`);
const payload = JSON.stringify({
  id: 'evt_2Nq8xT5mK9pR3vL7',
  type: 'course.created',
  timestamp: '2026-11-29T09:00:00.000Z',
  environment: 'prod',
  data: {
    id: 'crs_7GfK2pQm9XwLz4Rt',
    name: 'Introduction to Databases',
    description: 'Relational modelling, SQL and transactions.',
    status: 'draft',
    createdAt: '2026-11-29T09:00:00.000Z',
    updatedAt: '2026-11-29T09:00:00.000Z',
    publishedAt: null,
    archivedAt: null,
    environment: 'prod',
  },
});

function post(sign: boolean): Promise<void> {
  const at = new Date();
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(payload)),
  };
  if (sign) {
    headers['webhook-id'] = 'evt_2Nq8xT5mK9pR3vL7';
    headers['webhook-timestamp'] = String(Math.floor(at.getTime() / 1000));
    headers['webhook-signature'] = webhook.sign('evt_2Nq8xT5mK9pR3vL7', at, payload);
  }
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, method: 'POST', path: '/hook', agent, headers }, (res) => {
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

async function pass(sign: boolean): Promise<number> {
  let next = 0;
  const start = process.cpuUsage();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next++ < POSTS) await post(sign);
    }),
  );
  const used = process.cpuUsage(start);
  return (used.user + used.system) / POSTS;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
await pass(true); // warm-up
const plain: number[] = [];
const signed: number[] = [];
for (let i = 0; i < PASSES; i++) {
  plain.push(await pass(false));
  signed.push(await pass(true));
}
const date = new Date().toISOString();
agent.destroy();
receiver?.kill();
if (values.json) {
  console.log(JSON.stringify({ posts: POSTS, bareUs: median(plain), signedUs: median(signed) }));
} else {
  const figures = (perPass: number[]) =>
    `**${median(perPass).toFixed(1)}** (passes: ${perPass.map((v) => v.toFixed(1)).join(', ')})`;
  const markdown = `# Webhook POST floor, ${date.slice(0, 16).replace('T', ' ')} UTC

\`npx tsx bench/webhook-post-floor.ts\`: Node ${process.version}, load average ${(loadavg()[0] ?? 0).toFixed(2)}.
A bare node:http client (keep-alive, ${IN_FLIGHT} in flight) posting one event's bytes to the bench's
receiver (its own process): ${POSTS} POSTs per pass, ${PASSES} passes, median. No store, no claim, no
outcome: what any webhook delivery costs at least, in the sending process.

| POST | CPU µs per POST |
| --- | --- |
| bare | ${figures(plain)} |
| signed with standardwebhooks (\`webhook-*\` headers) | ${figures(signed)} |
`;
  const dir = join(resultsDir, 'webhook-post-floor');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, `${date.slice(0, 16).replace(':', '-')}Z.md`), markdown);
  console.log(markdown);
}
