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

/** Makes renames and file creations in `dir` durable: without it a crash may undo them. */
export async function fsyncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Replaces the snapshot atomically: temp file, fsync, rename, fsync of the directory. A crash at
 * any point leaves either the old snapshot or the new one, never a partial file.
 */
export async function writeSnapshot(dir: string, bytes: Uint8Array): Promise<void> {
  const temp = join(dir, FILES.snapshotTemp);
  const handle = await open(temp, 'w');
  try {
    await writeInSyncedChunks(handle, bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, join(dir, FILES.snapshot));
  await fsyncDir(dir);
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
  for (let offset = 0; offset < bytes.length; ) {
    const end = Math.min(bytes.length, offset + SYNCED_CHUNK_BYTES);
    while (offset < end) offset += (await handle.write(bytes, offset, end - offset)).bytesWritten;
    await handle.datasync();
  }
}

/** Empties the journal (its content is in a durable snapshot by now) and drops a leftover next one. */
export async function resetJournal(dir: string): Promise<void> {
  const handle = await open(join(dir, FILES.journal), 'w');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rm(join(dir, FILES.nextJournal), { force: true });
  await fsyncDir(dir);
}
