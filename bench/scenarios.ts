import type { LoadRequest } from './load/types.ts';
import { courseBody } from './seed.ts';

/**
 * The servers compared: bare node:http, bare Koa, bare Koa that answers a create once it is durable
 * (`koa-d`), the same that also inserts the course into sql.js as our store does (`koa-sql`), ours,
 * ours replaying the core's first answer to each kind of request (`replayed`: Koa, the adapter and
 * Node without the core's work), ours with metrics on (`metrics`), ours with traces on (`traced`),
 * ours with one webhook endpoint subscribed to `course.created` on a loopback receiver (`webhook`),
 * (with `--compare DIR`) our server from another checkout (`before`), and the peers a Node user
 * might pick instead, doing the same work for the list of 20 (`fastify`, `express`, `hono`).
 */
export type ServerName =
  | 'node'
  | 'koa'
  | 'koa-d'
  | 'koa-sql'
  | 'ours'
  | 'replayed'
  | 'metrics'
  | 'traced'
  | 'webhook'
  | 'before'
  | PeerName;

/** The baseline servers, each with the script it runs in `bench/baselines/`. */
export const baselineScripts = {
  node: 'node-http.ts',
  koa: 'koa.ts',
  'koa-d': 'koa-durable.ts',
  'koa-sql': 'koa-sqljs.ts',
} as const;

/** The name of a baseline server. */
export type BaselineName = keyof typeof baselineScripts;

/**
 * The peers, each with its script: another framework with its OpenAPI validation, looking the API
 * key up by its HMAC and answering the list of 20 with our page and headers (bench/peers/).
 */
export const peerScripts = {
  fastify: 'bench/peers/fastify.ts',
  express: 'bench/peers/express.ts',
  hono: 'bench/peers/hono.ts',
} as const;

/** The name of a peer server. */
export type PeerName = keyof typeof peerScripts;

/** The peers' names, in the order they run after ours. */
export const peerNames = Object.keys(peerScripts) as PeerName[];

/** The servers that run from a checkout of this repository, on a copy of a seeded data set. */
export const checkoutServers: readonly ServerName[] = [
  'ours',
  'replayed',
  'metrics',
  'traced',
  'webhook',
  'before',
];

/** Our server's telemetry variants, run beside it on the small set unless `--skip-telemetry`. */
const telemetryServers: readonly ServerName[] = ['metrics', 'traced'];

/** Which stored data our server runs on: the small (1,000) or large (100,000) course set. */
export type DatasetName = 'small' | 'large';

/** One load scenario: the same request sent to each of `servers`. */
export interface Scenario {
  id: string;
  label: string;
  dataset: DatasetName;
  servers: ServerName[];
  /** Whether the scenario writes (run after the reads of its dataset, as it grows the data). */
  writes: boolean;
  /** The status every answer must have. */
  status: 200 | 201 | 304;
  request(context: ScenarioContext): LoadRequest;
}

/** What a scenario's request is built from: the seeded key and course, and that course's `ETag`. */
interface ScenarioContext {
  key: string;
  courseId: string;
  etag: string;
}

const list = ({ key }: { key: string }): LoadRequest => ({
  method: 'GET',
  path: '/api/v1/courses?limit=20',
  headers: { authorization: `Bearer ${key}` },
});

const create = ({ key }: { key: string }): LoadRequest => ({
  method: 'POST',
  path: '/api/v1/courses',
  headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
  body: courseBody(0),
});

/**
 * The bare Koa a scenario's throughput is divided by: for a create the durable one, since our create
 * is answered only once it is durable too; for a read the plain one.
 */
export function koaBaselineOf(scenario: Pick<Scenario, 'writes'>): ServerName {
  return scenario.writes ? 'koa-d' : 'koa';
}

/**
 * The scenarios, in the order a pass runs them (reads before writes for each dataset); with
 * `compare`, our server from the other checkout runs after ours wherever ours runs; `replayed` runs
 * after them on the small set; with `telemetry`, ours with metrics on and with traces on run after
 * it there; the peers run last, in the list of 20 only. `create-webhook` follows `create`: ours
 * with one webhook endpoint (`webhook`), beside bare node:http and `koa-d` again, so its ratio to
 * `ours` in `create` is taken within the same pass.
 */
export function scenarios(
  sizes: { small: number; large: number },
  compare = false,
  telemetry = false,
): Scenario[] {
  const checkouts: ServerName[] = compare ? ['ours', 'before'] : ['ours'];
  const variants = telemetry ? telemetryServers : [];
  const all: ServerName[] = ['node', 'koa', ...checkouts, 'replayed', ...variants];
  const creates: ServerName[] = ['node', 'koa', 'koa-d', 'koa-sql', ...checkouts, 'replayed', ...variants];
  const small = sizes.small.toLocaleString('en-US');
  const largeCount = sizes.large.toLocaleString('en-US');
  return [
    {
      id: 'list',
      label: `list courses (page of 20, ${small} stored)`,
      dataset: 'small',
      servers: [...all, ...peerNames],
      writes: false,
      status: 200,
      request: list,
    },
    {
      id: 'get',
      label: `get one course (${small} stored)`,
      dataset: 'small',
      servers: all,
      writes: false,
      status: 200,
      request: ({ key, courseId }) => ({
        method: 'GET',
        path: `/api/v1/courses/${courseId}`,
        headers: { authorization: `Bearer ${key}` },
      }),
    },
    {
      id: 'get-304',
      label: `get one course, If-None-Match → 304`,
      dataset: 'small',
      servers: all,
      writes: false,
      status: 304,
      request: ({ key, courseId, etag }) => ({
        method: 'GET',
        path: `/api/v1/courses/${courseId}`,
        headers: { authorization: `Bearer ${key}`, 'if-none-match': etag },
      }),
    },
    {
      id: 'create',
      label: `create a course, durable (${small} stored)`,
      dataset: 'small',
      servers: creates,
      writes: true,
      status: 201,
      request: create,
    },
    {
      id: 'create-webhook',
      label: `create, 1 webhook endpoint (${small} stored)`,
      dataset: 'small',
      servers: ['node', 'koa-d', 'webhook'],
      writes: true,
      status: 201,
      request: create,
    },
    {
      id: 'list-large',
      label: `list courses (${largeCount} stored)`,
      dataset: 'large',
      servers: ['node', ...checkouts],
      writes: false,
      status: 200,
      request: list,
    },
    {
      id: 'create-large',
      label: `create a course (${largeCount} stored)`,
      dataset: 'large',
      servers: ['node', 'koa-d', ...checkouts],
      writes: true,
      status: 201,
      request: create,
    },
  ];
}
