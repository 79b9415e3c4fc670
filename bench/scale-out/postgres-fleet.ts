import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type ChildServer, spawnServer, waitHealthy } from '../child-server.ts';
import { createApiKey, requestJson } from '../seed.ts';

/** Where the benchmark finds PostgreSQL (an admin URL) and Redis; `BENCH_POSTGRES_URL` / `BENCH_REDIS_URL` override. */
export const SERVICES = {
  postgres: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redis: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
};

/** Instances of our server on one throwaway PostgreSQL database and one Redis key prefix. */
export interface PostgresFleet {
  instances: ChildServer[];
  key: string;
  courseId: string;
  /** Adds courses of the key's owner straight in SQL (seeding 100,000 over HTTP would dominate the run). */
  seed(count: number): Promise<void>;
  stop(): Promise<void>;
}

/** Runs one statement on `url` in its own connection. */
export async function sql(url: string, text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** Starts `count` instances (one after the other) on a fresh database; one course created over HTTP. */
export async function startPostgresFleet(count: number): Promise<PostgresFleet> {
  const name = `cs_bench_${randomBytes(6).toString('hex')}`;
  await sql(SERVICES.postgres, `CREATE DATABASE ${name}`);
  const url = new URL(SERVICES.postgres);
  url.pathname = `/${name}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'course-bench-pg-'));
  const env = {
    DATABASE_URL: url.href,
    REDIS_URL: SERVICES.redis,
    REDIS_KEY_PREFIX: `${name}:`,
    DATA_DIR: dataDir,
    API_KEY_HASH_SECRET: randomBytes(32).toString('base64url'),
    RATE_LIMIT_MAX: '1000000000',
    LOG_LEVEL: 'silent',
  };
  const instances: ChildServer[] = [];
  const stop = async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await sql(SERVICES.postgres, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < count; i++) {
      const server = await spawnServer('bench/servers/our-server.ts', { env });
      instances.push(server);
      await waitHealthy(server.url);
    }
    const first = instances[0] as ChildServer;
    const key = await createApiKey(first.url);
    const course = await requestJson<{ id: string }>('POST', `${first.url}/api/v1/courses`, {
      token: key,
      body: { name: 'Bench course 0', description: 'A course created by the benchmark.' },
      expect: 201,
    });
    let seeded = 0;
    return {
      instances,
      key,
      courseId: course.id,
      async seed(n) {
        const from = seeded;
        seeded += n;
        // Same owner and shape as the course above; ids and times made unique by the series number.
        await sql(
          url.href,
          `INSERT INTO courses (id, owner_id, name, description, status, created_at, updated_at)
           SELECT 'crs_seed' || lpad(g::text, 8, '0'), c.owner_id, 'Bench course ' || g, c.description,
                  'draft', c.created_at, c.updated_at
           FROM generate_series($3::int + 1, $3::int + $1) AS g, (SELECT * FROM courses WHERE id = $2) AS c`,
          [n, course.id, from],
        );
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
