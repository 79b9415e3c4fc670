import { type FileHandle, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** The file names inside a data directory. */
export const FILES = {
  snapshot: 'snapshot.sqlite',
  snapshotTemp: 'snapshot.sqlite.tmp',
  journal: 'journal.ndjson',
  /** Where writes go while a checkpoint is writing the snapshot; renamed to `journal` after. */
  nextJournal: 'journal-next.ndjson',
} as const;

/** Opens `path` (a directory to read, or a file created or truncated), writes `bytes`, and syncs it. */
async function syncPath(path: string, flags: 'r' | 'w', bytes?: Uint8Array): Promise<void> {
  const handle = await open(path, flags);
  try {
    if (bytes) await writeInSyncedChunks(handle, bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Makes renames and file creations in `dir` durable: without it a crash may undo them. */
export const fsyncDir = (dir: string): Promise<void> => syncPath(dir, 'r');

/**
 * Replaces the snapshot atomically: temp file, fsync, rename, fsync of the directory. A crash at
 * any point leaves either the old snapshot or the new one, never a partial file.
 */
export async function writeSnapshot(dir: string, bytes: Uint8Array): Promise<void> {
  const temp = join(dir, FILES.snapshotTemp);
  await syncPath(temp, 'w', bytes);
  await rename(temp, join(dir, FILES.snapshot));
  await fsyncDir(dir);
}

/** Empties the journal (its content is in a durable snapshot by now) and drops a leftover next one. */
export async function resetJournal(dir: string): Promise<void> {
  await syncPath(join(dir, FILES.journal), 'w');
  await rm(join(dir, FILES.nextJournal), { force: true });
  await fsyncDir(dir);
}

/** Writes `bytes` from `start` to `end` at the file's position: one `write` may take only part. */
export async function writeAll(handle: FileHandle, bytes: Uint8Array, start = 0, end = bytes.length) {
  let offset = start;
  while (offset < end) offset += (await handle.write(bytes, offset, end - offset)).bytesWritten;
}

/** How much of a background snapshot write may wait in the page cache before it is synced. */
const SYNCED_CHUNK_BYTES = 1024 * 1024;

/**
 * Writes `bytes` a chunk at a time, syncing each. On ext4 (data=ordered) a sync commits the
 * file system's journal, and that commit must first write every data block allocated in it: a
 * snapshot written whole and synced at the end made each journal `fdatasync` meanwhile wait for
 * all of it (decision 0002). Chunk by chunk, it waits for one chunk at most.
 */
async function writeInSyncedChunks(handle: FileHandle, bytes: Uint8Array): Promise<void> {
  for (let offset = 0; offset < bytes.length; offset += SYNCED_CHUNK_BYTES) {
    await writeAll(handle, bytes, offset, Math.min(bytes.length, offset + SYNCED_CHUNK_BYTES));
    await handle.datasync();
  }
}
