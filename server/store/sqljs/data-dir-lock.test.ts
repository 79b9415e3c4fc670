import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { newCourse, tempDir } from '../../../test-support/store/records.ts';
import { SILENT_LOGGER } from '../store-logger.ts';
import { LEGACY_LOCK_FILE, type LockNamespace, lockDataDir } from './data-dir-lock.ts';
import { openSqljsStore } from './open-sqljs-store.ts';

const HOLDER = fileURLToPath(new URL('./lock-holder.fixture.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** A process holding `dataDir` and the pid it printed (with `shell`, a child of a shell command). */
interface Holder {
  pid: number;
  /** The process spawned: the holder itself, or the shell around it. */
  process: ChildProcess;
}

/**
 * Starts a process that takes `dataDir` (the whole store, or with `namespace` the lock alone);
 * resolves once it holds it. `wrap` turns the holder's command line into a shell command.
 */
function startHolder(dataDir: string, namespace?: LockNamespace, wrap?: (command: string) => string) {
  const args = ['--import', 'tsx', HOLDER, dataDir, ...(namespace ? [namespace] : [])];
  const child = wrap
    ? spawn('sh', ['-c', wrap([process.execPath, ...args].map((arg) => `'${arg}'`).join(' '))], { cwd: ROOT })
    : spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise<Holder>((resolve, reject) => {
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      const ready = /ready (\d+)/.exec(chunk.toString());
      if (ready) resolve({ pid: Number(ready[1]), process: child });
    });
    child.once('exit', (code) => reject(new Error(`holder exited with ${code}: ${stderr}`)));
  });
}

const processState = (pid: number) =>
  execFileSync('ps', ['-o', 'stat=', '-p', String(pid)])
    .toString()
    .trim();

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; !condition(); i++) {
    if (i > 200) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.each<LockNamespace>(['abstract', 'file'])(
  'the data-directory lock in the %s namespace',
  (namespace) => {
    it('refuses a live holder, naming its pid, and leaves its lock alone', async () => {
      const dataDir = await tempDir();
      const holder = await startHolder(dataDir, namespace);
      const refused = new RegExp(`in use by another course-service process \\(pid ${holder.pid}\\)`);
      await expect(lockDataDir(dataDir, SILENT_LOGGER, namespace)).rejects.toThrow(refused);
      await expect(lockDataDir(dataDir, SILENT_LOGGER, namespace)).rejects.toThrow(refused);
    });

    it('is free again the moment its holder is killed -9', async () => {
      const dataDir = await tempDir();
      const holder = await startHolder(dataDir, namespace);
      const exited = new Promise((resolve) => holder.process.once('exit', resolve));
      holder.process.kill('SIGKILL');
      await exited;
      const unlock = await lockDataDir(dataDir, SILENT_LOGGER, namespace);
      await unlock();
    });

    it('is free while its killed holder is a zombie that nobody reaps', async () => {
      const dataDir = await tempDir();
      // The shell runs the holder in the background, then becomes `sleep`, which never reaps it.
      const holder = await startHolder(dataDir, namespace, (command) => `${command} & exec sleep 60`);
      process.kill(holder.pid, 'SIGKILL');
      await waitFor(() => processState(holder.pid).startsWith('Z'));
      // The pid still names a process, as far as `kill(pid, 0)` can tell: a pid file would block here.
      expect(() => process.kill(holder.pid, 0)).not.toThrow();
      const unlock = await lockDataDir(dataDir, SILENT_LOGGER, namespace);
      await unlock();
    });
  },
);

// A process killed with -9 keeps its socket open, with nobody left to answer, until its last
// thread has exited: a socket that accepts and stays silent is such a holder for a moment.
describe('a lock whose holder accepts but does not answer', () => {
  const silentHolder = async (dataDir: string) => {
    const server = createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(join(dataDir, 'server.sock'), resolve));
    return server;
  };

  it("is taken once the silent socket closes, as a dying holder's does", async () => {
    const dataDir = await tempDir();
    const dying = await silentHolder(dataDir);
    setTimeout(() => dying.close(), 300);
    const unlock = await lockDataDir(dataDir, SILENT_LOGGER, 'file');
    await unlock();
  });

  it('counts as alive when it stays silent', async () => {
    const dataDir = await tempDir();
    const stuck = await silentHolder(dataDir);
    try {
      await expect(lockDataDir(dataDir, SILENT_LOGGER, 'file')).rejects.toThrow(
        /in use by another course-service process \(pid unknown\)/,
      );
    } finally {
      stuck.close();
    }
  }, 15_000);
});

describe('the sql.js store on a locked data directory', () => {
  it('refuses a second process on the same directory, naming the holder', async () => {
    const dataDir = await tempDir();
    const holder = await startHolder(dataDir);
    await expect(openSqljsStore({ dataDir })).rejects.toThrow(
      new RegExp(`^DATA_DIR ${dataDir} is in use by another course-service process \\(pid ${holder.pid}\\)`),
    );
  });

  it('starts over a pid file of an earlier version naming a live, unrelated process, and removes it', async () => {
    const dataDir = await tempDir();
    // pid 1 always runs, and it is not a course-service.
    await writeFile(join(dataDir, LEGACY_LOCK_FILE), '1\n');
    const store = await openSqljsStore({ dataDir });
    await store.insertCourse(newCourse('a', 1));
    expect(await readdir(dataDir)).not.toContain(LEGACY_LOCK_FILE);
    await store.close();
  });

  it('releases the directory on close, for another process to take', async () => {
    const dataDir = await tempDir();
    const store = await openSqljsStore({ dataDir });
    // The same process may open it again (an embedder's business), and closing one keeps it held.
    const again = await openSqljsStore({ dataDir });
    await again.close();
    await expect(startHolder(dataDir)).rejects.toThrow(/in use by another course-service process/);
    await store.close();
    await startHolder(dataDir);
  });
});
