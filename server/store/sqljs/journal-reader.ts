import { decodeEntry, type JournalEntry } from './journal-codec.ts';

/** What a journal file holds: its intact entries and whether a torn write was found at its end. */
export interface JournalContents {
  entries: JournalEntry[];
  /** Bytes of the intact prefix; anything after it is a torn tail. */
  validBytes: number;
  /** Bytes after the intact prefix: a write that a crash interrupted, never acknowledged. */
  tornBytes: number;
}

const NEWLINE = 0x0a;

/**
 * Parses a journal file. A damaged tail (an unterminated line, or lines that do not decode with
 * nothing valid after them) is what a crash during a group write leaves and is reported, not
 * fatal; a damaged line followed by an intact one means corruption and throws.
 */
export function parseJournal(bytes: Uint8Array, name: string): JournalContents {
  const entries: JournalEntry[] = [];
  let start = 0;
  let validBytes = 0;
  let firstBad: number | undefined;
  while (start < bytes.length) {
    const end = bytes.indexOf(NEWLINE, start);
    if (end === -1) break;
    const line = Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('utf8');
    const entry = decodeEntry(line);
    if (entry === undefined) {
      firstBad ??= start;
    } else if (firstBad !== undefined) {
      throw new Error(`${name}: damaged entry at byte ${firstBad} is followed by intact entries`);
    } else {
      entries.push(entry);
      validBytes = end + 1;
    }
    start = end + 1;
  }
  return { entries, validBytes, tornBytes: bytes.length - validBytes };
}

/**
 * Checks that entries after `baseSeq` continue it without a gap (a gap means a lost journal
 * file or a snapshot from elsewhere) and returns them in order.
 */
export function entriesAfter(entries: readonly JournalEntry[], baseSeq: number): JournalEntry[] {
  const after: JournalEntry[] = [];
  let previous = Number.NEGATIVE_INFINITY;
  let expected = baseSeq + 1;
  for (const entry of entries) {
    if (entry.seq <= previous) throw new Error(`journal sequence goes back from ${previous} to ${entry.seq}`);
    previous = entry.seq;
    if (entry.seq <= baseSeq) continue;
    if (entry.seq !== expected) {
      throw new Error(`journal jumps from ${expected - 1} to ${entry.seq}: entries are missing`);
    }
    after.push(entry);
    expected++;
  }
  return after;
}
