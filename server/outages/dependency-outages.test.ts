import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server/harness.ts';
import { startTcpProxy, type TcpProxy } from '../../test-support/server/tcp-proxy.ts';
import {
  createTestDatabase,
  createTestRedis,
  type TestDatabase,
  type TestRedis,
} from '../../test-support/services/test-backend.ts';

// Fault injection: the server reaches PostgreSQL and Redis through TCP proxies, which the test cuts
// under write load. An outage answers 503 with Retry-After and retry-after-ms (never a 500), no request waits past the
// pool's connection timeout, service comes back within seconds of the dependency, every write
// acknowledged with a 201 is in the database, and each outage is logged once, with its recovery.

/** The pool's connection timeout (`open-postgres-store.ts`): the longest an outage may hold a request. */
const POOL_TIMEOUT_MS = 5000;
/** Slack for a busy machine (the CPU is shared with other test files). */
const SLACK_MS = 2000;
const LANES = 8;

/** One answered write: when it was sent and answered, its status, and the course id of a 201. */
interface Write {
  sentAt: number;
  ms: number;
  status: number;
  code?: string;
  retryAfter?: string | null;
  retryAfterMs?: string | null;
  id?: string;
}

/** Creates courses on `LANES` lanes until stopped, recording every answer (a hang is a 0 at 15 s). */
function writeLoad(server: TestServer, key: string) {
  const writes: Write[] = [];
  let running = true;
  let n = 0;
  const lane = async () => {
    while (running) {
      const sentAt = Date.now();
      try {
        const response = await fetch(`${server.url}/api/v1/courses`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `outage ${n++}`, description: '' }),
          signal: AbortSignal.timeout(15_000),
        });
        const body = (await response.json()) as { id?: string; code?: string };
        writes.push({
          sentAt,
          ms: Date.now() - sentAt,
          status: response.status,
          code: body.code,
          retryAfter: response.headers.get('retry-after'),
          retryAfterMs: response.headers.get('retry-after-ms'),
          id: response.status === 201 ? body.id : undefined,
        });
      } catch {
        writes.push({ sentAt, ms: Date.now() - sentAt, status: 0 });
      }
    }
  };
  const done = Promise.all(Array.from({ length: LANES }, lane));
  return {
    writes,
    async stop() {
      running = false;
      await done;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until a write sent after `since` is acknowledged; resolves with when it was. */
async function firstAcknowledgedAfter(writes: Write[], since: number, within: number): Promise<number> {
  const deadline = Date.now() + within;
  for (;;) {
    const ok = writes.find((write) => write.status === 201 && write.sentAt >= since);
    if (ok) return ok.sentAt + ok.ms;
    if (Date.now() > deadline) throw new Error(`no write acknowledged within ${within} ms of the restore`);
    await sleep(20);
  }
}

/** What one outage looked like from the clients' side, for the README's figures. */
interface Figures {
  outage: string;
  writes: number;
  acknowledged: number;
  unavailable: number;
  errors: number;
  slowestMs: number;
  recoveryMs: number;
}

describe('dependency outages under write load', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let postgresProxy: TcpProxy;
  let redisProxy: TcpProxy;
  let server: TestServer;
  let key: string;
  const figures: Figures[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = createTestRedis();
    const postgresAt = new URL(database.url);
    const redisAt = new URL(redis.url);
    postgresProxy = await startTcpProxy(postgresAt.hostname, Number(postgresAt.port || 5432));
    redisProxy = await startTcpProxy(redisAt.hostname, Number(redisAt.port || 6379));
    server = await startTestServer({
      DATABASE_URL: postgresProxy.through(database.url),
      DATABASE_POOL_SIZE: '4',
      REDIS_URL: redisProxy.through(redis.url),
      REDIS_KEY_PREFIX: redis.keyPrefix,
      RATE_LIMIT_MAX: '1000000',
    });
    key = await server.apiKey('outages');
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([postgresProxy?.close(), redisProxy?.close()]);
    await Promise.all([database?.drop(), redis?.clear()]);
    console.log(
      `fault injection (${LANES} writers):\n${figures.map((f) => `  ${JSON.stringify(f)}`).join('\n')}`,
    );
  });

  /**
   * Runs the load, cuts `proxy` for `cutMs` after a second of normal service, restores it, and
   * waits for the first acknowledged write; returns the writes of the whole run.
   */
  async function outage(name: string, proxy: TcpProxy, mode: 'reset' | 'stall', cutMs: number) {
    const load = writeLoad(server, key);
    await sleep(1000);
    const cutAt = Date.now();
    proxy.cut(mode);
    await sleep(cutMs);
    const restoredAt = Date.now();
    proxy.restore();
    const recoveredAt = await firstAcknowledgedAfter(load.writes, restoredAt, 10_000);
    await sleep(500);
    await load.stop();
    const during = load.writes.filter((write) => write.sentAt >= cutAt && write.sentAt < restoredAt);
    figures.push({
      outage: `${name} (${mode}, ${cutMs} ms)`,
      writes: load.writes.length,
      acknowledged: load.writes.filter((write) => write.status === 201).length,
      unavailable: load.writes.filter((write) => write.status === 503).length,
      errors: load.writes.filter((write) => write.status !== 201 && write.status !== 503).length,
      slowestMs: Math.max(...load.writes.map((write) => write.ms)),
      recoveryMs: recoveredAt - restoredAt,
    });
    return { writes: load.writes, during, recoveryMs: recoveredAt - restoredAt };
  }

  function expectOnly201And503(writes: Write[]) {
    const statuses = [...new Set(writes.map((write) => write.status))].sort();
    expect(statuses.every((status) => status === 201 || status === 503)).toBe(true);
    for (const write of writes.filter((w) => w.status === 503))
      expect({ code: write.code, retryAfter: write.retryAfter, retryAfterMs: write.retryAfterMs }).toEqual({
        code: 'service_unavailable',
        retryAfter: '2',
        retryAfterMs: '2000',
      });
  }

  const logged = (message: string) => server.logs.filter((line) => line.includes(`"msg":"${message}`)).length;
  const acknowledgedIds = new Set<string>();

  it('PostgreSQL refusing and resetting connections: 503s, then service within seconds', async () => {
    const { writes, during, recoveryMs } = await outage('PostgreSQL', postgresProxy, 'reset', 3000);
    expectOnly201And503(writes);
    expect(during.filter((write) => write.status === 503).length).toBeGreaterThan(0);
    expect(Math.max(...writes.map((write) => write.ms))).toBeLessThan(POOL_TIMEOUT_MS + SLACK_MS);
    expect(recoveryMs).toBeLessThan(5000);
    for (const write of writes) if (write.id) acknowledgedIds.add(write.id);
    expect([logged('postgres unavailable'), logged('postgres recovered')]).toEqual([1, 1]);
  });

  it('PostgreSQL accepting connections and never answering: no request waits past the pool timeout', async () => {
    const { writes, during, recoveryMs } = await outage('PostgreSQL', postgresProxy, 'stall', 6000);
    expectOnly201And503(writes);
    expect(during.filter((write) => write.status === 503).length).toBeGreaterThan(0);
    expect(Math.max(...writes.map((write) => write.ms))).toBeLessThan(POOL_TIMEOUT_MS + SLACK_MS);
    expect(recoveryMs).toBeLessThan(5000);
    for (const write of writes) if (write.id) acknowledgedIds.add(write.id);
    expect([logged('postgres unavailable'), logged('postgres recovered')]).toEqual([2, 2]);
  });

  it.each(['reset', 'stall'] as const)(
    'Redis cut (%s): every write still served, limits from memory meanwhile',
    async (mode) => {
      const [downBefore = 0, upBefore = 0] = [logged('redis unavailable'), logged('redis recovered')];
      const load = writeLoad(server, key);
      await sleep(1000);
      redisProxy.cut(mode);
      await sleep(1500);
      const health = await server.call('GET', '/healthz');
      expect([health.status, health.body.checks.redis.status]).toEqual([503, 'down']);
      await sleep(1500);
      const restoredAt = Date.now();
      redisProxy.restore();
      let healthyAt = 0;
      while (!healthyAt) {
        if ((await server.call('GET', '/healthz')).status === 200) healthyAt = Date.now();
        else if (Date.now() - restoredAt > 10_000) throw new Error('Redis not back within 10 s');
        else await sleep(50);
      }
      await load.stop();
      figures.push({
        outage: `Redis (${mode}, 3000 ms)`,
        writes: load.writes.length,
        acknowledged: load.writes.filter((write) => write.status === 201).length,
        unavailable: load.writes.filter((write) => write.status === 503).length,
        errors: load.writes.filter((write) => write.status !== 201 && write.status !== 503).length,
        slowestMs: Math.max(...load.writes.map((write) => write.ms)),
        recoveryMs: healthyAt - restoredAt,
      });
      expect(load.writes.every((write) => write.status === 201)).toBe(true);
      expect(Math.max(...load.writes.map((write) => write.ms))).toBeLessThan(SLACK_MS);
      expect(healthyAt - restoredAt).toBeLessThan(5000);
      for (const write of load.writes) if (write.id) acknowledgedIds.add(write.id);
      expect([logged('redis unavailable'), logged('redis recovered')]).toEqual([
        downBefore + 1,
        upBefore + 1,
      ]);
    },
  );

  it('lost nothing acknowledged: every 201 is in the database', async () => {
    expect(acknowledgedIds.size).toBeGreaterThan(100);
    const direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
    try {
      const { rows } = await direct.query('SELECT id FROM courses WHERE id = ANY($1)', [
        [...acknowledgedIds],
      ]);
      const stored = new Set(rows.map((row) => row.id as string));
      expect([...acknowledgedIds].filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      await direct.end();
    }
    // And no request failed as a bug of ours.
    expect(server.logs.filter((line) => line.includes('"msg":"request failed"'))).toEqual([]);
  });
});
