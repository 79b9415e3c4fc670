import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { StoreConflictError } from '@course-service/runtime';
import type { KeyEnvironment } from '@course-service/runtime/domain/api-key-format';
import type { CourseStatus } from '@course-service/runtime/domain/course-lifecycle';
import { describe, expect, it } from 'vitest';
import { account, newApiKey, newCourse, tempDir } from '../../../test-support/store/records.ts';
import { SqlDatabase } from './database.ts';
import { FILES } from './files.ts';
import { openSqljsStore } from './open-sqljs-store.ts';
import { openWithHandle, random, sqlJs } from './read-model-harness.fixture.ts';
import { type ReadUniverse, readAllFromSql, readAllFromStore } from './read-model-oracle.fixture.ts';
import { SqljsStore } from './sqljs-store.ts';

const STATUSES: CourseStatus[] = ['draft', 'published', 'archived'];
const ENVIRONMENTS: KeyEnvironment[] = ['prod', 'test'];

const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();

const OWNERS = ['a', 'b', 'c'];

/**
 * Runs `count` random writes, conflicts included, numbered from `first`; returns everything they
 * touched, added to `universe` (so later writes also pick what earlier ones created).
 */
async function randomWrites(
  store: SqljsStore,
  seed: number,
  count: number,
  universe: ReadUniverse = {
    owners: [...OWNERS, 'nobody'],
    courseIds: [],
    hashes: ['nope'],
    idempotencyKeys: [],
  },
  first = 0,
): Promise<ReadUniverse> {
  const pick = random(seed);
  const keyIds: Array<[owner: string, id: string]> = [];
  const conflict = (error: unknown) => expect(error).toBeInstanceOf(StoreConflictError);
  for (let i = first; i < first + count; i++) {
    const owner = OWNERS[pick(3)] as string;
    const environment = ENVIRONMENTS[pick(2)] as KeyEnvironment;
    const courseId = universe.courseIds[pick(universe.courseIds.length + 1)] ?? 'crs_missing';
    const op = pick(100);
    if (op < 30) {
      const course = newCourse(owner, i, STATUSES[pick(3)], environment);
      // Sometimes a key already used: the whole insert must fail and change nothing.
      const key = `k${pick(40)}`;
      const scope = `${owner} createCourse`;
      const response = {
        scope,
        key,
        requestHash: `h${i}`,
        status: 201,
        body: { id: course.id, n: i },
        createdAt: at(i),
      };
      universe.courseIds.push(course.id);
      universe.idempotencyKeys.push([scope, key]);
      await store.insertCourse(course, pick(2) ? response : undefined).catch(conflict);
    } else if (op < 33) {
      await store
        .insertCourse({ ...newCourse(owner, i, 'draft', environment), id: courseId })
        .catch(conflict);
    } else if (op < 55) {
      const status = STATUSES[pick(3)] as CourseStatus;
      const changes = pick(2)
        ? { status, archivedAt: status === 'archived' ? at(i) : null }
        : { name: `Renamed ${i}` };
      const changed = { ...changes, updatedAt: at(i), description: undefined };
      await store.updateCourse(account(owner, environment), courseId, changed);
    } else if (op < 64) {
      await store.deleteCourse(account(owner, environment), courseId);
    } else if (op < 65) {
      await store.deleteAllCourses(account(owner, environment));
    } else if (op < 75) {
      const key = { ...newApiKey(owner, i, environment), hash: `hash-${pick(60)}` };
      universe.hashes.push(key.hash);
      keyIds.push([owner, key.id]);
      await store.insertApiKey(key).catch(conflict);
    } else if (op < 82) {
      const [keyOwner, id] = keyIds[pick(keyIds.length + 1)] ?? [owner, 'key_missing'];
      await store.revokeApiKey(pick(4) ? keyOwner : owner, id, at(i));
    } else if (op < 95) {
      const uses = Array.from({ length: pick(4) }, () => ({
        id: keyIds[pick(keyIds.length + 1)]?.[1] ?? 'key_missing',
        lastUsedAt: at(pick(count)),
      }));
      await store.recordApiKeyUse(uses);
    } else {
      await store.purgeIdempotentResponses(at(pick(i + 1)));
    }
  }
  return universe;
}

describe('the read model', () => {
  it.each([1, 2, 3])(
    'answers every read as the SQL tables do after random writes (memory, seed %i)',
    async (seed) => {
      const { sql, store } = await openWithHandle(undefined);
      const universe = await randomWrites(store, seed, 400);
      expect(await readAllFromStore(store, universe)).toEqual(readAllFromSql(sql, universe));
      await store.close();
    },
  );

  it('stays equal to SQL across background checkpoints, close and reopen, and replay', async () => {
    const dir = await tempDir();
    const { sql, store, durability } = await openWithHandle(dir, 25);
    const universe = await randomWrites(store, 7, 300);
    const expected = readAllFromSql(sql, universe);
    expect(await readAllFromStore(store, universe)).toEqual(expected);

    // Abandoned: a second store rebuilds from the snapshot plus the journal replayed over it. It
    // reads what a crash now would leave: a background checkpoint still running beside it (as in
    // no crash) could move entries between the files it reads.
    await durability?.idle();
    const replayed = await openSqljsStore({ dataDir: dir });
    expect(await readAllFromStore(replayed, universe)).toEqual(expected);
    await replayed.close();
    await store.close();
    const reopened = await openSqljsStore({ dataDir: dir });
    expect(await readAllFromStore(reopened, universe)).toEqual(expected);
    await reopened.close();
  });

  it('reads courses loaded from a snapshot on demand, and writes over them, as the SQL tables answer', async () => {
    const { sql, store } = await openWithHandle(undefined);
    const universe = await randomWrites(store, 13, 300);
    sql.commit();
    // Loaded as `openSqljsStore` loads a snapshot: every course unread until something reads it.
    const loaded = new SqlDatabase(new sqlJs.Database(sql.db.export()));
    const reloaded = new SqljsStore(loaded, undefined);
    // Updates, deletes and conflicting inserts on unread courses first, then reads of everything.
    await randomWrites(reloaded, 17, 300, universe, 300);
    expect(await readAllFromStore(reloaded, universe)).toEqual(readAllFromSql(loaded, universe));
    await reloaded.close();
    await store.close();
  });

  it('shows what sql.js holds after a failed journal write, and refuses every later write', async () => {
    const dir = await tempDir();
    const { sql, store } = await openWithHandle(dir);
    const universe = await randomWrites(store, 11, 100);
    // The next journal file is /dev/full: the checkpoint succeeds, the next append gets ENOSPC.
    await symlink('/dev/full', join(dir, FILES.nextJournal));
    await store.checkpoint();
    await expect(store.insertCourse(newCourse('a', 1000))).rejects.toThrow('journal write failed');
    await expect(store.deleteCourse(account('a'), 'crs_a_1000')).rejects.toThrow('journal write failed');
    universe.courseIds.push('crs_a_1000');
    expect(await readAllFromStore(store, universe)).toEqual(readAllFromSql(sql, universe));
    await store.close();
  });

  it('hands out frozen records that a caller cannot change', async () => {
    const { store } = await openWithHandle(undefined);
    const course = await store.insertCourse(newCourse('a', 1));
    const key = await store.insertApiKey(newApiKey('a', 1));
    expect(() => Object.assign(course, { name: 'x' })).toThrow(TypeError);
    expect(() => (key.scopes as string[]).push('admin')).toThrow(TypeError);
    const [listed] = await store.listCourses({ ...account('a'), limit: 1 });
    expect(Object.isFrozen(listed)).toBe(true);
    expect(await store.findApiKeyByHash(key.hash)).toMatchObject({
      scopes: ['courses:read', 'courses:write'],
    });
  });
});
