import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test-support/services/test-backend.ts';
import { account, at, draft, newCourse } from '../../../test-support/store/records.ts';
import { NO_STORE_PROBE } from '../store-probe.ts';
import { recordEvents } from './batched-statements.ts';
import { openPostgresStore } from './open-postgres-store.ts';
import type { PostgresStore } from './postgres-store.ts';

// A feed pages by seq, and seqs are taken before commit: the writers of one feed take turns to the
// commit (an advisory lock per owner and environment), so a reader polling after the last seq it
// saw never skips an event that commits later with a smaller seq, however instances interleave.
const databases: TestDatabase[] = [];
const opened: PostgresStore[] = [];
afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
  await Promise.all(databases.map((database) => database.drop()));
});

it('a reader polling the feed while two instances write to it sees every event, in commit order', async () => {
  const database = await createTestDatabase();
  databases.push(database);
  const [a, b] = (await Promise.all(
    [1, 2].map(() => openPostgresStore({ url: database.url, poolSize: 6 })),
  )) as [PostgresStore, PostgresStore];
  opened.push(a, b);

  const writes = 240;
  const writing = (async () => {
    // Creates (batched per tick) and updates (a transaction each), from both instances at once.
    const created = await Promise.all(
      Array.from({ length: writes / 2 }, (_, n) =>
        (n % 2 ? a : b).insertCourse(newCourse('a', n), undefined, draft('course.created', n)),
      ),
    );
    await Promise.all(
      created.map((course, n) =>
        (n % 2 ? b : a).updateCourse(
          account('a'),
          course.id,
          { name: `Renamed ${n}`, updatedAt: at(n, 1) },
          undefined,
          draft('course.updated', 1000 + n),
        ),
      ),
    );
  })();

  const seen: string[] = [];
  let afterSeq = 0;
  let done = false;
  void writing.then(() => {
    done = true;
  });
  for (;;) {
    const finished = done;
    const page = await a.listEvents({ ...account('a'), afterSeq, limit: 17, since: at(0) });
    seen.push(...page.map((event) => event.id));
    afterSeq = page.at(-1)?.seq ?? afterSeq;
    if (finished && page.length === 0) break;
  }
  await writing;
  expect(seen).toHaveLength(writes);
  expect(new Set(seen).size).toBe(writes);
});

it('a write that took a smaller seq and commits later is never skipped by a reader that saw a larger one', async () => {
  const database = await createTestDatabase();
  databases.push(database);
  const store = (await openPostgresStore({ url: database.url, poolSize: 4 })) as PostgresStore;
  opened.push(store);
  const feed = (afterSeq: number) => store.listEvents({ ...account('a'), afterSeq, limit: 10, since: at(0) });

  // A first writer records its event and holds its transaction open; a second writes meanwhile.
  const first = new pg.Client({ connectionString: database.url });
  await first.connect();
  try {
    await first.query('BEGIN');
    const course = { ...newCourse('a', 1), seq: 0 };
    await recordEvents(first as unknown as pg.PoolClient, NO_STORE_PROBE, [
      { event: draft('course.created', 1), after: course },
    ]);
    const second = store.insertCourse(newCourse('a', 2), undefined, draft('course.created', 2));
    await sleep(300);
    // The reader polls now: it must not see the second event before the first one commits.
    const early = await feed(0);
    await first.query('COMMIT');
    await second;
    const seen = [...early, ...(await feed(early.at(-1)?.seq ?? 0))].map((event) => event.id);
    expect(seen).toEqual(['evt_course.created_1', 'evt_course.created_2']);
  } finally {
    await first.end();
  }
});
