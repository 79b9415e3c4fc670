import { crc32 } from 'node:zlib';
import type { SqlValue } from 'sql.js';

/** One statement of a write: SQL text and its bound parameters. */
export type SqlOp = readonly [sql: string, params: readonly SqlValue[]];

/** One journal entry: a write's statements, applied as one transaction, and its sequence number. */
export interface JournalEntry {
  seq: number;
  ops: SqlOp[];
}

/**
 * Encodes an entry as one line: `{"s":seq,"c":crc,"w":{"t":[sql…],"q":[[sqlIndex,…params]…]}}`.
 * Each distinct SQL text appears once per line, so a batch of 500 identical updates stays small;
 * the CRC-32 covers seq and body, so a damaged line is told from a valid one. The body is exactly
 * `JSON.stringify({ t, q })` (what {@link decodeEntry} checks the CRC against), built from pieces:
 * the SQL texts' JSON is made once per text, not once per entry.
 */
export function encodeEntry(entry: JournalEntry): string {
  const texts: string[] = [];
  let t = '';
  let q = '';
  for (const [sql, params] of entry.ops) {
    let i = texts.indexOf(sql);
    if (i < 0) {
      i = texts.push(sql) - 1;
      t += i === 0 ? quoted(sql) : `,${quoted(sql)}`;
    }
    const values = JSON.stringify(params);
    const item = values === '[]' ? `[${i}]` : `[${i},${values.slice(1)}`;
    q += q === '' ? item : `,${item}`;
  }
  const body = `{"t":[${t}],"q":[${q}]}`;
  return `{"s":${entry.seq},"c":${checksum(entry.seq, body)},"w":${body}}\n`;
}

/** Each statement's JSON, made once: the store runs a fixed set of texts; the size cap is a guard. */
const quotedTexts = new Map<string, string>();

function quoted(sql: string): string {
  let json = quotedTexts.get(sql);
  if (json === undefined) {
    json = JSON.stringify(sql);
    if (quotedTexts.size < 64) quotedTexts.set(sql, json);
  }
  return json;
}

/** Decodes a line from {@link encodeEntry}; `undefined` if it is not a whole, intact entry. */
export function decodeEntry(line: string): JournalEntry | undefined {
  let parsed: { s?: unknown; c?: unknown; w?: { t?: unknown; q?: unknown } };
  try {
    parsed = JSON.parse(line);
  } catch {
    return undefined;
  }
  const { s, c, w } = parsed ?? {};
  if (typeof s !== 'number' || typeof c !== 'number' || !w || !Array.isArray(w.t) || !Array.isArray(w.q)) {
    return undefined;
  }
  // Parsed JSON written by JSON.stringify stringifies back to the same text.
  if (checksum(s, JSON.stringify({ t: w.t, q: w.q })) !== c) return undefined;
  const texts = w.t as string[];
  const ops: SqlOp[] = [];
  for (const item of w.q as unknown[]) {
    if (!Array.isArray(item)) return undefined;
    const [i, ...params] = item as [number, ...SqlValue[]];
    const sql = texts[i];
    if (typeof sql !== 'string') return undefined;
    ops.push([sql, params]);
  }
  return { seq: s, ops };
}

function checksum(seq: number, body: string): number {
  return crc32(body, crc32(String(seq)));
}

const NEWLINE = 0x0a;

/**
 * Parses a journal file into its intact entries and `tornBytes`, the length of a damaged tail (an
 * unterminated line, or lines that do not decode with nothing valid after them): what a crash
 * during a group write leaves, never acknowledged, so reported, not fatal. A damaged line followed
 * by an intact one means corruption and throws.
 */
export function parseJournal(bytes: Uint8Array, name: string) {
  const entries: JournalEntry[] = [];
  let start = 0;
  let validBytes = 0;
  let firstBad: number | undefined;
  for (let end = bytes.indexOf(NEWLINE); end !== -1; end = bytes.indexOf(NEWLINE, start)) {
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
  return { entries, tornBytes: bytes.length - validBytes };
}

/**
 * Checks that entries after `baseSeq` continue it without a gap (a gap means a lost journal
 * file or a snapshot from elsewhere) and returns them in order.
 */
export function entriesAfter(entries: readonly JournalEntry[], baseSeq: number): JournalEntry[] {
  const after: JournalEntry[] = [];
  let previous = Number.NEGATIVE_INFINITY;
  for (const entry of entries) {
    if (entry.seq <= previous) throw new Error(`journal sequence goes back from ${previous} to ${entry.seq}`);
    previous = entry.seq;
    if (entry.seq <= baseSeq) continue;
    const expected = baseSeq + after.length + 1;
    if (entry.seq !== expected) {
      throw new Error(`journal jumps from ${expected - 1} to ${entry.seq}: entries are missing`);
    }
    after.push(entry);
  }
  return after;
}
