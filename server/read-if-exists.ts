import { readFile } from 'node:fs/promises';

/**
 * Reads a file, or `undefined` when it does not exist (a data file not written yet, a web build
 * not made yet); any other failure is thrown.
 *
 * @example const snapshot = await readIfExists(join(dataDir, 'snapshot.sqlite'));
 */
export async function readIfExists(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
