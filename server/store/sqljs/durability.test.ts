import { appendFile, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CourseRecord, Store } from '@course-service/runtime';
import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import {
  account,
  at,
  draft,
  newCourse,
  newDelivery,
  newEndpoint,
  tempDir,
  testEvent,
} from '../../../test-support/store/records.ts';
import { SILENT_LOGGER, type StoreLogger } from '../store-logger.ts';
import { NO_STORE_PROBE } from '../store-probe.ts';
import { SqlDatabase } from './database.ts';
import { Durability } from './durability.ts';
import { FILES, writeSnapshot } from './files.ts';
import { applyMigrations } from './migrations.ts';
import { openSqljsStore } from './open-sqljs-store.ts';

const ids = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `crs_a_${from + i}`);

async function presentIds(dataDir: string, expected: string[]): Promise<string[]> {
  const store = await openSqljsStore({ dataDir });
  const present: string[] = [];
  for (const id of expected) if (await store.getCourse(account('a'), id)) present.push(id);
  await store.close();
  return present;
}

/** A logger that counts the checkpoints the store reports written. */
function checkpointCounter() {
  const counter = { written: 0 };
  const logger: StoreLogger = {
    ...SILENT_LOGGER,
    info: (_, msg) => {
      if (msg === 'store checkpoint written') counter.written++;
    },
  };
  return { counter, logger };
}

const unleased = <T extends { leaseUntil: string | null }>(records: T[]) =>
  records.map((record) => ({ ...record, leaseUntil: null }));

/** Everything the store holds of events, endpoints and deliveries of owner `a`, read back. */
async function eventState(store: Store) {
  const endpoints = await store.listWebhookEndpoints({ ...account('a'), limit: 100 });
  const deliveries = await Promise.all(
    endpoints.map((e) => store.listWebhookDeliveries({ ownerId: 'a', endpointId: e.id, limit: 100 })),
  );
  return {
    feed: await store.listEvents({ ...account('a'), limit: 100, since: at(0) }),
    test: await store.getEvent(account('a'), 'evt_test_a_3'),
    endpoints,
    deliveries,
    pending: await store.countPendingWebhookDeliveries(),
  };
}

describe('durability of the sql.js store', () => {
  it('recovers events, endpoints and deliveries exactly, from the journal and from a snapshot', async () => {
    const dataDir = await tempDir();
    const store = await openSqljsStore({ dataDir });
    const endpoint = await store.insertWebhookEndpoint(newEndpoint('a', 1));
    const doomed = await store.insertWebhookEndpoint(
      newEndpoint('a', 2, { eventTypes: ['api_key.created'] }),
    );
    await store.insertCourse(newCourse('a', 1), undefined, draft<CourseRecord>('course.created', 1));
    // Part in the snapshot, the rest in the journal after it.
    await store.checkpoint();
    const event = testEvent(endpoint, 3);
    await store.queueWebhookDelivery({ delivery: newDelivery(endpoint, event.id, 3), event });
    await store.queueWebhookDelivery({ delivery: newDelivery(doomed, event.id, 3) });
    const [job] = await store.claimWebhookDeliveries({ now: at(4), leaseUntil: at(0, 1), limit: 1 });
    await store.completeWebhookAttempts([
      {
        deliveryId: job?.delivery.id ?? '',
        attemptedAt: at(5),
        responseStatus: 503,
        durationMs: 7,
        error: null,
        status: 'pending',
        nextAttemptAt: at(10),
      },
    ]);
    await store.claimWebhookDeliveries({ now: at(20), leaseUntil: at(0, 2), limit: 10 });
    await store.updateWebhookEndpoint(account('a'), endpoint.id, {
      secret: 'whsec_rotated',
      previousSecret: endpoint.secret,
      previousSecretExpiresAt: at(0, 9),
      updatedAt: at(6),
    });
    await store.deleteWebhookEndpoint(account('a'), doomed.id);
    const held = await eventState(store);
    expect(held.deliveries[0]).toHaveLength(2);
    expect(held.deliveries[0]?.some((d) => d.attempts === 1 && d.leaseUntil === at(0, 2))).toBe(true);
    // Leases live in memory only: after a start nothing is in flight, and every delivery is free.
    const expected = { ...held, deliveries: held.deliveries.map(unleased) };
    expect(expected).not.toEqual(held);

    // Abandoned: the snapshot plus the journal replayed over it; then closed, from its snapshot.
    const replayed = await openSqljsStore({ dataDir });
    expect(await eventState(replayed)).toEqual(expected);
    await replayed.close();
    await store.close();
    const reopened = await openSqljsStore({ dataDir });
    expect(await eventState(reopened)).toEqual(expected);
    await reopened.close();
  });

  it('never reuses the seq of a purged event after a restart, so feed cursors stay valid', async () => {
    const dataDir = await tempDir();
    const store = await openSqljsStore({ dataDir });
    const created = draft<CourseRecord>('course.created', 1);
    await store.insertCourse(newCourse('a', 1), undefined, created);
    const [event] = await store.listEvents({ ...account('a'), limit: 1, since: at(0) });
    await store.purgeEvents(at(2));
    const replayed = await openSqljsStore({ dataDir });
    await replayed.insertCourse(newCourse('a', 2), undefined, draft<CourseRecord>('course.created', 3));
    const after = await replayed.listEvents({
      ...account('a'),
      limit: 10,
      since: at(0),
      afterSeq: event?.seq,
    });
    expect(after.map((e) => e.createdAt)).toEqual([at(3)]);
    await replayed.close();
    await store.close();
  });

  it('keeps everything across close and reopen', async () => {
    const dataDir = await tempDir();
    const store = await openSqljsStore({ dataDir });
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.insertCourse(newCourse('a', i + 1))));
    await store.updateCourse(account('a'), 'crs_a_1', { name: 'Changed' });
    await store.close();
    expect((await readFile(join(dataDir, FILES.journal))).length).toBe(0);

    const reopened = await openSqljsStore({ dataDir });
    expect(await reopened.getCourse(account('a'), 'crs_a_1')).toMatchObject({ name: 'Changed', seq: 1 });
    expect((await reopened.listCourses({ ...account('a'), limit: 100 })).length).toBe(20);
    expect((await reopened.insertCourse(newCourse('a', 21))).seq).toBe(21);
    await reopened.close();
  });

  it('replays the journal when the previous store was never closed', async () => {
    const dataDir = await tempDir();
    const abandoned = await openSqljsStore({ dataDir });
    await Promise.all(ids(30).map((_, i) => abandoned.insertCourse(newCourse('a', i + 1))));
    await abandoned.deleteCourse(account('a'), 'crs_a_30');
    expect((await readFile(join(dataDir, FILES.journal))).length).toBeGreaterThan(0);

    expect(await presentIds(dataDir, ids(30))).toEqual(ids(29));
    await abandoned.close();
    // The seq of the deleted newest course stays used after recovery.
    const store = await openSqljsStore({ dataDir });
    expect((await store.insertCourse(newCourse('a', 31))).seq).toBe(31);
    await store.close();
  });

  it('ignores and truncates a torn last journal line', async () => {
    const dataDir = await tempDir();
    const abandoned = await openSqljsStore({ dataDir });
    await Promise.all(ids(5).map((_, i) => abandoned.insertCourse(newCourse('a', i + 1))));
    const journal = join(dataDir, FILES.journal);
    const lines = (await readFile(journal, 'utf8')).split('\n');
    await appendFile(journal, (lines[0] ?? '').slice(0, 40));

    expect(await presentIds(dataDir, ids(5))).toEqual(ids(5));
    expect((await readFile(journal)).length).toBe(0);
    await abandoned.close();
  });

  it('refuses to open when a journal line before the end is damaged', async () => {
    const dataDir = await tempDir();
    const abandoned = await openSqljsStore({ dataDir });
    await Promise.all(ids(5).map((_, i) => abandoned.insertCourse(newCourse('a', i + 1))));
    const journal = join(dataDir, FILES.journal);
    const text = await readFile(journal, 'utf8');
    await writeFile(journal, text.replace('Course 2', 'Course 9'));

    await expect(openSqljsStore({ dataDir })).rejects.toThrow(/damaged entry/);
    await abandoned.close();
  });

  it('group-commits concurrent writes into far fewer fsyncs', async () => {
    const dataDir = await tempDir();
    let flushes = 0;
    const probe = { ...NO_STORE_PROBE, journalFlush: () => () => void flushes++ };
    const store = await openSqljsStore({ dataDir, probe });
    await Promise.all(ids(200).map((_, i) => store.insertCourse(newCourse('a', i + 1))));
    const journal = await readFile(join(dataDir, FILES.journal), 'utf8');
    expect(journal.split('\n').length - 1).toBe(200);
    expect(flushes).toBeLessThanOrEqual(5);
    await store.close();
  });

  it('checkpoints in the background past the threshold and loses nothing', async () => {
    const dataDir = await tempDir();
    const { counter, logger } = checkpointCounter();
    const store = await openSqljsStore({ dataDir, logger, checkpointEntries: 25 });
    for (let batch = 0; batch < 10; batch++) {
      await Promise.all(
        ids(20, batch * 20 + 1).map((id) => store.insertCourse(newCourse('a', Number(id.slice(6))))),
      );
    }
    await store.checkpoint();
    expect(counter.written).toBeGreaterThan(1);
    await store.insertCourse(newCourse('a', 201));
    // Abandoned, not closed: the snapshot plus the journal after it must hold all 201.
    expect(await presentIds(dataDir, ids(201))).toEqual(ids(201));
    expect((await readdir(dataDir)).sort()).toEqual([FILES.journal, FILES.snapshot]);
    await store.close();
  });

  it('is idle once no write or checkpoint is in flight or due, and starts none', async () => {
    const dir = await tempDir();
    const sql = new SqlDatabase(new (await initSqlJs()).Database());
    applyMigrations(sql.db);
    await writeSnapshot(dir, sql.db.export());
    const { counter, logger } = checkpointCounter();
    const durability = await Durability.open(sql, 0, { dir, logger, checkpointEntries: 3 });
    for (let i = 0; i < 3; i++) await durability.append([]);
    // The third flush made a checkpoint due, to start on the next turn of the event loop.
    expect(counter.written).toBe(0);
    await durability.idle();
    expect(counter.written).toBe(1);
    expect(await readdir(dir)).not.toContain(FILES.nextJournal);
    await durability.idle();
    expect(counter.written).toBe(1);
    await durability.close();
  });

  it('rejects a write whose journal write fails, and every write after it', async () => {
    const dataDir = await tempDir();
    const store = await openSqljsStore({ dataDir });
    await store.insertCourse(newCourse('a', 1));
    // The next journal file is /dev/full: the checkpoint succeeds, the next append gets ENOSPC.
    await symlink('/dev/full', join(dataDir, FILES.nextJournal));
    await store.checkpoint();

    await expect(store.insertCourse(newCourse('a', 2))).rejects.toThrow('journal write failed');
    expect(await store.checkHealth()).toEqual({ status: 'down', detail: 'The journal failed.' });
    await expect(store.insertCourse(newCourse('a', 3))).rejects.toThrow('journal write failed');
    await store.close();
    // The journal is now that symlink; reading /dev/full never ends.
    await rm(join(dataDir, FILES.journal));
    expect(await presentIds(dataDir, ids(3))).toEqual(ids(1));
  });
});
