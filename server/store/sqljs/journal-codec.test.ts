import { describe, expect, it } from 'vitest';
import { decodeEntry, encodeEntry, entriesAfter, type JournalEntry, parseJournal } from './journal-codec.ts';

const entry = (seq: number): JournalEntry => ({
  seq,
  ops: [
    ['INSERT INTO t VALUES (?, ?)', [seq, `value "${seq}" ✓`]],
    ['INSERT INTO t VALUES (?, ?)', [seq + 0.5, null]],
  ],
});
const bytes = (text: string) => new TextEncoder().encode(text);

describe('journal lines', () => {
  it('round-trip, each distinct SQL text written once', () => {
    const line = encodeEntry(entry(7));
    expect(line.endsWith('\n')).toBe(true);
    expect(line.split('INSERT INTO t').length).toBe(2);
    expect(decodeEntry(line.trimEnd())).toEqual(entry(7));
  });

  it('round-trip several texts in any order, and statements without parameters', () => {
    const mixed: JournalEntry = {
      seq: 9,
      ops: [
        ['UPDATE a SET x = ?', ['"quoted"\n\\']],
        ['DELETE FROM b', []],
        ['UPDATE a SET x = ?', [1e21]],
        ['INSERT INTO c VALUES (?, ?, ?)', [null, -0.25, 'é ✓ \u2028']],
      ],
    };
    const line = encodeEntry(mixed);
    expect(line.split('UPDATE a').length).toBe(2);
    expect(decodeEntry(line.trimEnd())).toEqual(mixed);
  });

  it('are refused when a byte changed, even if the JSON still parses', () => {
    const line = encodeEntry(entry(7)).trimEnd();
    expect(decodeEntry(line.replace('"7', '"8'))).toBeUndefined();
    expect(decodeEntry(line.replace('"s":7', '"s":8'))).toBeUndefined();
  });
});

describe('parseJournal', () => {
  it('drops an unterminated last line as a torn write', () => {
    const text = encodeEntry(entry(1)) + encodeEntry(entry(2)) + encodeEntry(entry(3)).slice(0, 30);
    const contents = parseJournal(bytes(text), 'j');
    expect(contents.entries.map((e) => e.seq)).toEqual([1, 2]);
    expect(contents.tornBytes).toBe(30);
  });

  it('drops damaged lines at the end, such as zeros left by a crash', () => {
    const text = `${encodeEntry(entry(1))}\0\0\0\n\0\0`;
    expect(parseJournal(bytes(text), 'j').entries.map((e) => e.seq)).toEqual([1]);
  });

  it('throws when a damaged line is followed by an intact one', () => {
    const text = `${encodeEntry(entry(1))}{"s":2,"c":1}\n${encodeEntry(entry(3))}`;
    expect(() => parseJournal(bytes(text), 'j')).toThrow(/damaged entry at byte/);
  });
});

describe('entriesAfter', () => {
  it('skips what the snapshot holds and returns the rest in order', () => {
    expect(entriesAfter([entry(3), entry(4), entry(5)], 3).map((e) => e.seq)).toEqual([4, 5]);
  });

  it('throws on a gap or a step back', () => {
    expect(() => entriesAfter([entry(5)], 3)).toThrow(/entries are missing/);
    expect(() => entriesAfter([entry(4), entry(6)], 3)).toThrow(/entries are missing/);
    expect(() => entriesAfter([entry(4), entry(4)], 3)).toThrow(/goes back/);
  });
});
