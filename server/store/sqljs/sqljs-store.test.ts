import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { newCourse, tempDir } from '../../../test-support/store/records.ts';
import { storeContract } from '../../../test-support/store/store-contract.ts';
import { NO_STORE_PROBE } from '../store-probe.ts';
import { openSqljsStore } from './open-sqljs-store.ts';

storeContract('sql.js in memory', () => openSqljsStore({ dataDir: ':memory:' }));
storeContract('sql.js on disk', async () => openSqljsStore({ dataDir: await tempDir() }));

describe('the sql.js store in :memory: mode', () => {
  it('creates no directory, snapshot or journal', async () => {
    let flushes = 0;
    const probe = { ...NO_STORE_PROBE, journalFlush: () => () => void flushes++ };
    const store = await openSqljsStore({ dataDir: ':memory:', probe });
    await store.insertCourse(newCourse('a', 1));
    await store.close();
    const names = await readdir('.');
    expect(names).not.toContain(':memory:');
    expect(names.filter((name) => /^(snapshot|journal)/.test(name))).toEqual([]);
    expect(flushes).toBe(0);
  });
});
