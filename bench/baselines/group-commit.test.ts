import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CommitSink, fileSink, GroupCommit } from './group-commit.ts';

/** A sink that records each batch and holds each sync until the test releases it. */
function heldSink(): CommitSink & { batches: string[]; syncs: Array<() => void>; fail: boolean } {
  const sink = {
    batches: [] as string[],
    syncs: [] as Array<() => void>,
    fail: false,
    async write(bytes: Buffer) {
      if (sink.fail) throw new Error('disk gone');
      sink.batches.push(bytes.toString('utf8'));
    },
    sync: () => new Promise<void>((resolve) => sink.syncs.push(resolve)),
  };
  return sink;
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('GroupCommit', () => {
  it('writes the lines that arrive while a sync is in flight as one batch, acknowledged by the next sync', async () => {
    const sink = heldSink();
    const journal = new GroupCommit(sink);
    const done: string[] = [];
    const append = (line: string) => journal.append(line).then(() => void done.push(line));
    const first = [append('a\n'), append('b\n')];
    await turn();
    expect(sink.batches).toEqual(['a\nb\n']);
    const second = [append('c\n'), append('d\n'), append('e\n')];
    await turn();
    // Still waiting for the first sync: nothing written since, nothing acknowledged.
    expect(sink.batches).toEqual(['a\nb\n']);
    expect(done).toEqual([]);
    sink.syncs.shift()?.();
    await Promise.all(first);
    await turn();
    expect(done).toEqual(['a\n', 'b\n']);
    expect(sink.batches).toEqual(['a\nb\n', 'c\nd\ne\n']);
    sink.syncs.shift()?.();
    await Promise.all(second);
    expect(done).toEqual(['a\n', 'b\n', 'c\n', 'd\n', 'e\n']);
    await journal.idle();
  });

  it('refuses every line after a failed write', async () => {
    const sink = heldSink();
    sink.fail = true;
    const journal = new GroupCommit(sink);
    await expect(journal.append('a\n')).rejects.toThrow('journal write failed');
    await expect(journal.append('b\n')).rejects.toThrow('journal write failed');
  });

  it('appends to a file through fileSink', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'group-commit-test-'));
    try {
      const sink = await fileSink(join(dir, 'journal.jsonl'));
      const journal = new GroupCommit(sink);
      await Promise.all(['{"n":1}\n', '{"n":2}\n'].map((line) => journal.append(line)));
      await journal.append('{"n":3}\n');
      await sink.close();
      expect(await readFile(join(dir, 'journal.jsonl'), 'utf8')).toBe('{"n":1}\n{"n":2}\n{"n":3}\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
