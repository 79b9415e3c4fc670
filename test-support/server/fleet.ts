import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, createTestRedis } from '../services/test-backend.ts';
import { readTestResponse, type TestResponse } from './harness.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

/** Two (or more) server processes on one throwaway PostgreSQL database and one Redis key prefix. */
export interface Fleet {
  instances: ServerProcess[];
  /** Calls instance `i`; a JSON body is sent as JSON, `bearer` as `Authorization: Bearer`. */
  call(
    i: number,
    method: string,
    path: string,
    options?: { bearer?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<TestResponse>;
  /** An ID token from instance `i`'s development identity provider (all share its key). */
  idToken(i: number, subject: string): Promise<string>;
  /** Creates an API key for `subject` through instance `i`. */
  apiKey(i: number, subject: string): Promise<{ key: string; id: string }>;
  stop(): Promise<void>;
}

/**
 * Starts `count` instances, one after the other (the first creates the development identity
 * provider's key in the shared data directory; the others read it), all with the same hash secret.
 */
export async function startFleet(count: number, env: Record<string, string> = {}): Promise<Fleet> {
  const database = await createTestDatabase();
  const redis = createTestRedis();
  const dataDir = await mkdtemp(join(tmpdir(), 'cs-fleet-'));
  const shared = {
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: '4',
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: redis.keyPrefix,
    DATA_DIR: dataDir,
    API_KEY_HASH_SECRET: randomBytes(32).toString('base64url'),
    AUTH_FAILURE_LIMIT_MAX: '100000',
    ...env,
  };
  const instances: ServerProcess[] = [];
  try {
    for (let i = 0; i < count; i++) instances.push(await startServerProcess(shared));
  } catch (error) {
    await Promise.all(instances.map((instance) => instance.stop('SIGKILL')));
    throw error;
  }
  const call: Fleet['call'] = async (i, method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const instance = instances[i % instances.length] as ServerProcess;
    const response = await fetch(`${instance.url}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    return readTestResponse(response);
  };
  const idToken = async (i: number, subject: string) =>
    (await call(i, 'POST', '/dev/token', { body: { sub: subject } })).body.idToken as string;
  return {
    instances,
    call,
    idToken,
    async apiKey(i, subject) {
      const created = await call(i, 'POST', '/api/v1/api-keys', {
        bearer: await idToken(i, subject),
        body: { name: 'fleet key' },
      });
      if (created.status !== 201) throw new Error(`key creation failed: ${JSON.stringify(created.body)}`);
      return { key: created.body.key, id: created.body.id };
    },
    async stop() {
      await Promise.all(instances.map((instance) => instance.stop()));
      await Promise.all([database.drop(), redis.clear(), rm(dataDir, { recursive: true, force: true })]);
    },
  };
}
