import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { newCourse, tempDir } from '../test-support.ts';
import { LOCK_FILE } from './lock-file.ts';
import { openSqljsStore } from './open-sqljs-store.ts';

const HOLDER = fileURLToPath(new URL('./lock-holder.fixture.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Starts another process that opens the store on `dataDir`; resolves once it holds it. */
function startHolder(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', HOLDER, dataDir], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`holder exited with ${code}: ${stderr}`)));
  });
}

describe('the sql.js data directory lock', () => {
  it('refuses a second process on the same directory, naming the holder', async () => {
    const dataDir = await tempDir();
    const holder = await startHolder(dataDir);
    await expect(openSqljsStore({ dataDir })).rejects.toThrow(
      new RegExp(`in use by another course-service process \\(pid ${holder.pid}\\)`),
    );
    // The refusal touched nothing: the holder's lock is still there.
    expect(await readFile(join(dataDir, LOCK_FILE), 'utf8')).toBe(`${holder.pid}\n`);
  });

  it('takes over the lock of a process killed with SIGKILL, and releases it on close', async () => {
    const dataDir = await tempDir();
    const holder = await startHolder(dataDir);
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    holder.kill('SIGKILL');
    await exited;
    const store = await openSqljsStore({ dataDir });
    await store.insertCourse(newCourse('a', 1));
    expect(await readFile(join(dataDir, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`);
    await store.close();
    await expect(readFile(join(dataDir, LOCK_FILE), 'utf8')).rejects.toThrow(/ENOENT/);
  });
});
