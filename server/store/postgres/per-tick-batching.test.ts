import { StoreConflictError } from '@course-service/runtime';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test-support/services/test-backend.ts';
import {
  account,
  at,
  draft,
  newApiKey,
  newCourse,
  newEndpoint,
} from '../../../test-support/store/records.ts';
import { openPostgresStore } from './open-postgres-store.ts';
import { PostgresStore } from './postgres-store.ts';
import { SQL } from './statements.ts';

const databases: TestDatabase[] = [];
const stores: PostgresStore[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});
afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
});

/** A store on a fresh, migrated database whose pool records the text of every statement it is given. */
async function countingStore(): Promise<{ store: PostgresStore; sent: string[]; url: string }> {
  const database = await createTestDatabase();
  databases.push(database);
  await (await openPostgresStore({ url: database.url, poolSize: 1 })).close();
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  const sent: string[] = [];
  const query = pool.query.bind(pool);
  pool.query = ((config: string | pg.QueryConfig, values?: unknown[]) => {
    sent.push(typeof config === 'string' ? config : config.text);
    return query(config, values);
  }) as typeof pool.query;
  const store = new PostgresStore(pool);
  stores.push(store);
  return { store, sent, url: database.url };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the PostgreSQL store, per-tick batching', () => {
  it('sends the calls of one kind made in one turn of the event loop as one statement', async () => {
    const { store, sent } = await countingStore();
    await store.insertApiKey(newApiKey('a', 1));
    sent.length = 0;

    const courses = await Promise.all(
      Array.from({ length: 10 }, (_, n) => store.insertCourse(newCourse('a', n))),
    );
    const reads = await Promise.all([
      ...courses.map((course) => store.getCourse(account('a'), course.id)),
      ...courses.map(() => store.findApiKeyByHash('hash-a-1')),
      ...courses.map((course) => store.listCourses({ ...account('a'), limit: 3, beforeSeq: course.seq })),
    ]);

    expect(sent.map((text) => text.trim().split(/\s/)[0])).toEqual(['INSERT', 'SELECT', 'SELECT', 'SELECT']);
    expect(new Set(courses.map((course) => course.seq)).size).toBe(10);
    expect(reads.filter((read) => read === undefined)).toEqual([]);
  });

  it('sends a call made after a statement left in the next statement, never in that one', async () => {
    const { store, sent } = await countingStore();
    await store.insertApiKey(newApiKey('a', 1));
    sent.length = 0;

    const first = [store.findApiKeyByHash('hash-a-1'), store.findApiKeyByHash('hash-a-1')];
    await nextTurn();
    const second = [store.findApiKeyByHash('hash-a-1')];
    await Promise.all([...first, ...second]);

    expect(sent).toHaveLength(2);
  });

  it('answers each caller with exactly its own result: owners, environments, cursors, statuses, missing ids', async () => {
    const { store } = await countingStore();
    for (let n = 1; n <= 6; n++) {
      await store.insertCourse(newCourse('a', n, n % 2 ? 'draft' : 'published'));
      await store.insertCourse(newCourse('b', n, 'draft', n % 3 ? 'prod' : 'test'));
    }
    await store.insertApiKey(newApiKey('a', 1));
    await store.insertApiKey(newApiKey('b', 2, 'test'));
    const calls = [
      () => store.getCourse(account('a'), 'crs_a_2'),
      () => store.getCourse(account('b'), 'crs_a_2'),
      () => store.getCourse(account('b', 'test'), 'crs_b_3'),
      () => store.getCourse(account('b'), 'crs_b_3'),
      () => store.getCourse(account('a'), 'crs_none'),
      () => store.findApiKeyByHash('hash-a-1'),
      () => store.findApiKeyByHash('hash-b-2'),
      () => store.findApiKeyByHash('hash-none'),
      () => store.listCourses({ ...account('a'), limit: 2 }),
      () => store.listCourses({ ...account('a'), limit: 10, beforeSeq: 5 }),
      () => store.listCourses({ ...account('b', 'test'), limit: 10 }),
      () => store.listCourses({ ...account('c'), limit: 10 }),
      () => store.listCourses({ ...account('a'), limit: 10, status: 'published' }),
      () => store.listCourses({ ...account('a'), limit: 1, status: 'draft', beforeSeq: 5 }),
      () => store.listCourses({ ...account('b'), limit: 10, status: 'published' }),
    ];
    const alone = [];
    for (const call of calls) alone.push(await call());

    const together = await Promise.all(calls.map((call) => call()));

    expect(together).toEqual(alone);
    expect(alone[1]).toBeUndefined();
    expect(alone[8]).toHaveLength(2);
    expect(alone[12]).toHaveLength(3);
  });

  it('fails only the item at fault when one insert of a batch breaks a constraint', async () => {
    const { store } = await countingStore();
    await store.insertCourse(newCourse('a', 3));

    const results = await Promise.allSettled([1, 2, 3, 4].map((n) => store.insertCourse(newCourse('a', n))));

    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(StoreConflictError);
    expect(await store.listCourses({ ...account('a'), limit: 10 })).toHaveLength(4);
  });

  it('records the events of one batch of inserts with them, each once, and none for an item at fault', async () => {
    const { store } = await countingStore();
    await store.insertWebhookEndpoint(newEndpoint('a', 1));
    await store.insertCourse(newCourse('a', 3));
    const insert = (n: number, event = true) =>
      store.insertCourse(newCourse('a', n), undefined, event ? draft('course.created', n) : undefined);

    const results = await Promise.allSettled([insert(1), insert(2), insert(3), insert(4), insert(5, false)]);

    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    const events = await store.listEvents({ ...account('a'), limit: 10, since: at(0) });
    // Run alone once the batch failed, the items commit in any order.
    expect(events.map((event) => JSON.parse(event.payload).data.id).sort()).toEqual([
      'crs_a_1',
      'crs_a_2',
      'crs_a_4',
    ]);
    expect(await store.countPendingWebhookDeliveries()).toBe(3);
  });

  it('shows a revocation committed on another instance to every lookup of the next batch', async () => {
    const { store, sent, url } = await countingStore();
    const other = await openPostgresStore({ url, poolSize: 1 });
    stores.push(other);
    await store.insertApiKey(newApiKey('a', 1));
    const lookups = () => Promise.all(Array.from({ length: 8 }, () => store.findApiKeyByHash('hash-a-1')));
    expect((await lookups()).map((key) => key?.revokedAt)).toEqual(Array(8).fill(null));

    await other.revokeApiKey('a', 'key_a_1', '2026-02-01T00:00:00.000Z');
    sent.length = 0;
    const after = await lookups();

    expect(sent).toHaveLength(1);
    expect(after.map((key) => key?.revokedAt)).toEqual(Array(8).fill('2026-02-01T00:00:00.000Z'));
  });

  it("pages a small owner by the owner's index, also beside a large owner and with a generic plan", async () => {
    const { url } = await countingStore();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`INSERT INTO courses (id, owner_id, environment, name, description, status, created_at, updated_at)
        SELECT 'crs_' || g, CASE WHEN g % 5000 = 0 THEN 'small' ELSE 'large' END, 'prod', 'n', 'd', 'draft', 'x', 'x'
        FROM generate_series(1, 20000) AS g`);
      await client.query('ANALYZE courses');
      await client.query('SET plan_cache_mode = force_generic_plan');
      const plans: string[] = [];
      for (const [name, text, extra] of [
        ['list', SQL.listCourses, ''],
        ['list_status', SQL.listCoursesByStatus, ", '{draft}'"],
      ] as const) {
        await client.query(`PREPARE ${name} AS ${text}`);
        const explained = await client.query(
          `EXPLAIN (FORMAT JSON) EXECUTE ${name}('{small}', '{prod}', '{${Number.MAX_SAFE_INTEGER}}', '{21}'${extra})`,
        );
        plans.push(JSON.stringify(explained.rows[0]));
      }

      for (const plan of plans) {
        expect(plan).toMatch(/"Index Name":"courses_owner_env_(status_)?seq"/);
        expect(plan).not.toContain('courses_seq_key');
      }
    } finally {
      await client.end();
    }
  });

  it('lets every call made before close finish, then refuses new ones', async () => {
    const { store } = await countingStore();
    const pending = [store.insertCourse(newCourse('a', 1)), store.getCourse(account('a'), 'crs_a_1')];

    await store.close();

    await expect(Promise.all(pending)).resolves.toHaveLength(2);
    await expect(store.getCourse(account('a'), 'crs_a_1')).rejects.toThrow('closed');
  });
});
