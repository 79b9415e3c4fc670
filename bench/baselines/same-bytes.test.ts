import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type ChildServer, spawnServer } from '../child-server.ts';
import { type Datasets, prepareDatasets, startOurs } from '../datasets.ts';
import { captureReferenceAnswers, referenceEnv } from '../reference-answers.ts';
import { baselineScripts, peerNames, peerScripts, scenarios } from '../scenarios.ts';

// The baselines are the ceiling only if they put our server's bytes on the wire, and the peers are
// a fair comparison only if they do too: for every benchmarked request the same status, the same
// header names with values of the same length (a request id, a quota count and a course id differ
// per answer, not in size), and the same body size.

const REPLAYED = 'bench/servers/replayed-core.ts';

let root: string;
let datasets: Datasets;
let etag: string;
const servers = new Map<string, ChildServer>();

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'bench-same-bytes-'));
  datasets = await prepareDatasets(root, { small: 25, large: undefined }, undefined, () => {});
  const reference = await captureReferenceAnswers(datasets.small, root);
  etag = reference.answers.etag;
  const env = { [referenceEnv]: reference.file };
  const copy = join(root, 'ours');
  const replayedCopy = join(root, 'replayed');
  await cp(datasets.small.dir, copy, { recursive: true });
  await cp(datasets.small.dir, replayedCopy, { recursive: true });
  // Each server is kept as it starts, so afterAll stops those that did when another failed.
  const started = await Promise.allSettled([
    startOurs(copy).then(({ server }) => servers.set('ours', server)),
    startOurs(replayedCopy, [], undefined, {}, REPLAYED).then(({ server }) =>
      servers.set('replayed', server),
    ),
    ...Object.entries(baselineScripts).map(([name, file]) =>
      spawnServer(`bench/baselines/${file}`, { env }).then((server) => servers.set(name, server)),
    ),
    ...Object.entries(peerScripts).map(([name, script]) =>
      spawnServer(script, { env }).then((server) => servers.set(name, server)),
    ),
  ]);
  for (const outcome of started) if (outcome.status === 'rejected') throw outcome.reason;
}, 180_000);

afterAll(async () => {
  await Promise.all([...servers.values()].map((server) => server.stop()));
  await rm(root, { recursive: true, force: true });
});

/** What must be equal: the status, each header's name and value length, the body's length. */
async function shape(server: ChildServer, request: ReturnType<ReturnType<typeof scenarios>[0]['request']>) {
  const response = await fetch(server.url + request.path, {
    method: request.method,
    headers: request.headers,
    ...(request.body !== undefined && { body: request.body }),
  });
  const headers: string[] = [];
  response.headers.forEach((value, name) => {
    headers.push(`${name}: ${value.length} characters`);
  });
  const bodyBytes = (await response.arrayBuffer()).byteLength;
  const answer = { status: response.status, headers: headers.sort(), bodyBytes };
  // Beside the shape, not in it: every answer has an id of its own (but a replayed one).
  Object.defineProperty(answer, 'requestId', { value: response.headers.get('x-request-id') });
  return answer as typeof answer & { readonly requestId: string | null };
}

test.each(scenarios({ small: 25, large: 100 }).filter((scenario) => scenario.dataset === 'small'))(
  '$label: every baseline and peer, and the replaying server, answers with our bytes',
  async (scenario) => {
    const request = scenario.request({ ...datasets.small, etag });
    const ours = await shape(servers.get('ours') as ChildServer, request);
    expect(ours.status).toBe(scenario.status);
    const others = scenario.servers.filter((server) => server in baselineScripts || server in peerScripts);
    for (const name of others) {
      expect({ name, ...(await shape(servers.get(name) as ChildServer, request)) }).toEqual({
        name,
        ...ours,
      });
    }
    // Asked twice, the replaying server answers as ours did, then with that first answer again
    // (its request id, not one of its own). It gets every request ours gets, so both hold the same.
    const replayed = servers.get('replayed') as ChildServer;
    const first = await shape(replayed, request);
    const second = await shape(replayed, request);
    expect(first).toEqual(ours);
    expect(second).toEqual(ours);
    expect(second.requestId).toBe(first.requestId);
    expect(first.requestId).not.toBe(ours.requestId);
  },
);

// The peers do the work they are compared for: the query is validated against the spec, and the
// key is looked up, before any page goes out.
test.each(peerNames)('%s refuses a query the spec forbids and an unknown key', async (name) => {
  const peer = servers.get(name) as ChildServer;
  const auth = { authorization: `Bearer ${datasets.small.key}` };
  for (const query of ['limit=0', 'limit=101', 'status=gone', 'cursor=not%20opaque']) {
    const response = await fetch(`${peer.url}/api/v1/courses?${query}`, { headers: auth });
    await response.arrayBuffer();
    expect({ query, status: response.status }).toEqual({ query, status: 400 });
  }
  const unknown = await fetch(`${peer.url}/api/v1/courses?limit=20`, {
    headers: { authorization: `Bearer ${datasets.small.key}x` },
  });
  await unknown.arrayBuffer();
  expect(unknown.status).toBe(401);
});
