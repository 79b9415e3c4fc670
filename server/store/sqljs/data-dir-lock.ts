import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { realpath, rm } from 'node:fs/promises';
import { createConnection, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import type { StoreLogger } from '../store-logger.ts';

/**
 * Where the lock lives: a Linux abstract socket, a Windows named pipe (both vanish with the
 * process that holds them), or a socket file in the data directory (elsewhere, e.g. macOS).
 */
export type LockNamespace = 'abstract' | 'pipe' | 'file';

/** The socket file of the `file` namespace, inside the data directory. */
const LOCK_SOCKET = 'server.sock';
/** The pid file earlier versions locked with; a leftover one is removed once the lock is ours. */
export const LEGACY_LOCK_FILE = 'server.lock';

const ASK_TIMEOUT_MS = 1000;
const BIND_ATTEMPTS = 3;
/**
 * How long a holder that accepts a connection but never answers may stay so before it counts as
 * alive: a process killed with -9 keeps its socket open, with nobody left to answer, until its
 * last thread has exited (on a loaded machine, a noticeable moment after its pid shows a zombie).
 */
const SILENT_HOLDER_WAIT_MS = 5000;
const SILENT_HOLDER_RETRY_MS = 100;

/** Raised when another live process holds the data directory. */
class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
}

/** Locks this process holds, by address: within one process the directory is the embedder's business. */
const held = new Map<string, { server: Server; count: number }>();

function platformNamespace(): LockNamespace {
  if (process.platform === 'linux') return 'abstract';
  return process.platform === 'win32' ? 'pipe' : 'file';
}

function addressOf(realDir: string, namespace: LockNamespace): string {
  if (namespace === 'file') return join(realDir, LOCK_SOCKET);
  const id = process.platform === 'win32' ? realDir.toLowerCase() : realDir;
  const hash = createHash('sha256').update(id).digest('hex');
  return namespace === 'abstract' ? `\0course-service:${hash}` : `\\\\.\\pipe\\course-service-${hash}`;
}

/**
 * Takes the data directory for this process, so a second process on the same directory refuses
 * to start instead of interleaving its journal with ours. The lock is a socket bound to a name
 * derived from the directory's real path: binding is atomic, and the kernel releases it the moment
 * its holder dies, whatever becomes of its pid (a zombie, a reused pid), so nothing stale can ever
 * block a start. A live holder answers a connection with its pid, for the message. Within one
 * process the directory counts as free (tests reopen abandoned stores that way). Resolves to the
 * release function.
 *
 * @example const unlock = await lockDataDir('./data', logger); await unlock();
 */
export async function lockDataDir(
  dir: string,
  logger: StoreLogger,
  namespace: LockNamespace = platformNamespace(),
): Promise<() => Promise<void>> {
  const realDir = await realpath(dir);
  const address = addressOf(realDir, namespace);
  const ours = held.get(address);
  if (ours) ours.count++;
  else held.set(address, { server: await bind(address, namespace, dir, logger), count: 1 });
  await rm(join(realDir, LEGACY_LOCK_FILE), { force: true });
  let released = false;
  return async () => {
    const lock = held.get(address);
    if (released || !lock) return;
    released = true;
    if (--lock.count > 0) return;
    held.delete(address);
    await new Promise<void>((resolve) => lock.server.close(() => resolve()));
  };
}

async function bind(address: string, namespace: LockNamespace, dir: string, logger: StoreLogger) {
  const silentUntil = Date.now() + SILENT_HOLDER_WAIT_MS;
  for (let attempt = 1; ; ) {
    const server = createServer((socket) => socket.end(`${process.pid}\n`)).listen(address);
    const listening = once(server, 'listening').then(() => undefined);
    const error = await listening.catch((err: NodeJS.ErrnoException) => err);
    if (!error) {
      // The lock must not keep the process alive on its own.
      server.unref();
      return server;
    }
    if (error.code !== 'EADDRINUSE') throw error;
    const holder = await askHolder(address);
    if (holder.alive && holder.pid === UNKNOWN_PID && Date.now() < silentUntil) {
      await new Promise((resolve) => setTimeout(resolve, SILENT_HOLDER_RETRY_MS));
      continue;
    }
    if (holder.alive) {
      throw new DataDirLockedError(
        `DATA_DIR ${dir} is in use by another course-service process (pid ${holder.pid}). ` +
          'Stop that process, give this one its own DATA_DIR, or set DATABASE_URL to run several instances on one PostgreSQL.',
      );
    }
    if (attempt++ >= BIND_ATTEMPTS) throw error;
    // Nobody answers: in the file namespace a dead holder's socket file; elsewhere a holder that
    // died between our bind and our question. Either way the name is free to take again.
    if (namespace === 'file') {
      logger.warn({ lockSocket: address }, 'store: taking over the lock of a process that is gone');
      await rm(address, { force: true });
    }
  }
}

const UNKNOWN_PID = 'unknown';

/** Connects to the lock's address: alive when something accepts, with the pid it names. */
function askHolder(address: string): Promise<{ alive: boolean; pid: string }> {
  return new Promise((resolve) => {
    let answer = '';
    let connected = false;
    const socket = createConnection(address);
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ alive: connected, pid: /^\d+/.exec(answer)?.[0] ?? UNKNOWN_PID });
    };
    const timer = setTimeout(done, ASK_TIMEOUT_MS);
    socket.on('connect', () => {
      connected = true;
    });
    socket.on('data', (chunk: Buffer) => {
      answer += chunk;
    });
    socket.on('end', done);
    socket.on('error', done);
  });
}
