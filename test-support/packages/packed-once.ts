import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { npm } from './npm.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** As long as packing the slowest package (the server, with its dashboard) may take on a busy machine. */
const PACK_TIMEOUT_MS = 300_000;

/** A packed package: its tarball and the paths of the files in it. */
export interface PackedTarball {
  tarball: string;
  files: string[];
}

/**
 * The tarball of `workspace` for this run, packed by the first test file that asks (from a copy of
 * the repository: its `prepack` deletes and rebuilds the package's `dist`, where other test files
 * serve the dashboard and the API reference from) while the others wait for it: each package is
 * built once per run, not once per file. The files run in separate processes, so the first to
 * create the package's lock folder packs, and the result (or the error) is a file the others read.
 *
 * @example const { tarball } = await packedOnce('sdk');
 */
export async function packedOnce(workspace: string): Promise<PackedTarball> {
  const dir = join(inject('packedDir'), workspace);
  const result = join(dir, 'result.json');
  const failure = join(dir, 'error.txt');
  try {
    mkdirSync(dir);
  } catch {
    return waitFor(result, failure, workspace);
  }
  try {
    const { out } = npm(sourceCopy(dir), ['pack', '-w', workspace, '--pack-destination', dir, '--json']);
    const [packed] = JSON.parse(out.slice(out.lastIndexOf('\n[') + 1)) as Array<{
      filename: string;
      files: Array<{ path: string }>;
    }>;
    const answer: PackedTarball = {
      tarball: join(dir, packed?.filename as string),
      files: packed?.files.map((file) => file.path) ?? [],
    };
    writeFileSync(`${result}.partial`, JSON.stringify(answer));
    renameSync(`${result}.partial`, result);
    return answer;
  } catch (error) {
    writeFileSync(failure, String(error));
    throw error;
  }
}

async function waitFor(result: string, failure: string, workspace: string): Promise<PackedTarball> {
  const deadline = Date.now() + PACK_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (existsSync(result)) return JSON.parse(readFileSync(result, 'utf8')) as PackedTarball;
    if (existsSync(failure))
      throw new Error(`packing ${workspace} failed in another test file:\n${readFileSync(failure, 'utf8')}`);
    await sleep(250);
  }
  throw new Error(`packing ${workspace} in another test file took over ${PACK_TIMEOUT_MS / 1000} s`);
}

/** A copy of the repository's sources in `work`, on the repository's node_modules, to pack from. */
function sourceCopy(work: string): string {
  const copy = join(work, 'source');
  const skipped = /(^|\/)(node_modules|dist|data|coverage|\.git|\.tmp)$/;
  cpSync(ROOT, copy, { recursive: true, filter: (path) => !skipped.test(relative(ROOT, path)) });
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
  return copy;
}
