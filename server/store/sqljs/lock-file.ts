import { open, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StoreLogger } from '../store-logger.ts';

/** The lock file's name inside a data directory. */
export const LOCK_FILE = 'server.lock';

/** Raised when another live process holds the data directory. */
class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
}

/**
 * Takes the data directory for this process: a lock file holding our pid, so a second process on
 * the same directory refuses to start instead of interleaving its journal with ours. A lock left
 * by a process that no longer runs (a `kill -9`, a crash) is taken over. Within one process the
 * directory is the embedder's business, so our own pid counts as free (tests reopen abandoned
 * stores that way). Resolves to the release function.
 */
export async function lockDataDir(dir: string, logger: StoreLogger): Promise<() => Promise<void>> {
  const path = join(dir, LOCK_FILE);
  const mine = `${process.pid}\n`;
  try {
    const handle = await open(path, 'wx', 0o644);
    await handle.writeFile(mine);
    await handle.close();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number.parseInt(await readFile(path, 'utf8').catch(() => ''), 10);
    if (holder !== process.pid && isRunning(holder)) throw lockedError(dir, holder);
    logger.warn(
      { lockFile: path, stalePid: holder },
      'store: taking over the lock of a process that is gone',
    );
    await writeFile(path, mine);
    // Two processes taking over the same stale lock at once: the last writer wins, the other sees it.
    const now = Number.parseInt(await readFile(path, 'utf8'), 10);
    if (now !== process.pid) throw lockedError(dir, now);
  }
  return async () => {
    const holder = await readFile(path, 'utf8').catch(() => '');
    if (holder === mine) await rm(path, { force: true });
  };
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user; only ESRCH means it is gone.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function lockedError(dir: string, pid: number): DataDirLockedError {
  return new DataDirLockedError(
    `DATA_DIR ${dir} is in use by another course-service process (pid ${pid}). ` +
      'Stop that process, give this one its own DATA_DIR, or set DATABASE_URL to run several instances on one PostgreSQL.',
  );
}
