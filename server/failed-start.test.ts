import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  createTestRedis,
  type TestDatabase,
  type TestRedis,
} from '../test-support/services/test-backend.ts';

// A server that cannot listen must exit, whatever it had opened by then: a supervisor (systemd's
// Restart=on-failure, a container's restart policy) waits for the exit to start it again.

const MAIN = new URL('./main.ts', import.meta.url).pathname;

/** Runs `serve` with `env` until it exits (killed after 30 s: a hang); its status and stderr. */
function serve(env: Record<string, string>): Promise<{ code: number | null; err: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'serve'], {
    env: {
      ...process.env,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'failed-start-')),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (chunk) => {
    err += String(chunk);
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, err });
    });
  });
}

describe('a start that cannot listen', () => {
  const taken = createServer();
  let port: number;
  let database: TestDatabase;
  let redis: TestRedis;
  beforeAll(async () => {
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    port = (taken.address() as { port: number }).port;
    database = await createTestDatabase();
    redis = createTestRedis();
  });
  afterAll(async () => {
    taken.close();
    await Promise.all([database?.drop(), redis?.clear()]);
  });

  it.each([
    ['sql.js and Redis', () => ({ REDIS_URL: redis.url, REDIS_KEY_PREFIX: redis.keyPrefix })],
    [
      'PostgreSQL and Redis',
      () => ({ DATABASE_URL: database.url, REDIS_URL: redis.url, REDIS_KEY_PREFIX: redis.keyPrefix }),
    ],
  ])(
    'on %s exits with one line, having let go of what it opened',
    async (_, backend) => {
      const { code, err } = await serve({ HOST: '127.0.0.1', PORT: String(port), ...backend() });
      expect({ code, err }).toEqual({
        code: 1,
        err: `course-service could not start: listen EADDRINUSE: address already in use 127.0.0.1:${port}\n`,
      });
    },
    40_000,
  );
});
