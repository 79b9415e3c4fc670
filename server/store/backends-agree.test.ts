import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CourseStatus } from '../../domain/course-lifecycle.ts';
import { createTestDatabase, type TestDatabase } from '../test-support/test-backend.ts';
import { openPostgresStore } from './postgres/open-postgres-store.ts';
import type { PostgresStore } from './postgres/postgres-store.ts';
import { openSqljsStore } from './sqljs/open-sqljs-store.ts';
import type { Store } from './store.ts';
import { newCourse } from './test-support.ts';

// Random sequences of course writes, applied to both backends: every read must agree (ids and
// fields; `seq` values may differ, their order may not).
let database: TestDatabase;
let postgres: PostgresStore;
beforeAll(async () => {
  database = await createTestDatabase();
  postgres = await openPostgresStore({ url: database.url, poolSize: 2 });
});
afterAll(async () => {
  await postgres.close();
  await database.drop();
});

const STATUSES: CourseStatus[] = ['draft', 'published', 'archived'];
const op = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), status: fc.constantFrom(...STATUSES) }),
  fc.record({
    kind: fc.constant('update' as const),
    n: fc.nat(20),
    from: fc.constantFrom(...STATUSES),
    to: fc.constantFrom(...STATUSES),
  }),
  fc.record({
    kind: fc.constant('delete' as const),
    n: fc.nat(20),
    from: fc.option(fc.constantFrom(...STATUSES)),
  }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

async function apply(store: Store, owner: string, ops: Op[]): Promise<unknown[]> {
  const out: unknown[] = [];
  let inserted = 0;
  for (const o of ops) {
    if (o.kind === 'insert') await store.insertCourse(newCourse(owner, ++inserted, o.status));
    else if (o.kind === 'update') {
      const updated = await store.updateCourse(owner, `crs_${owner}_${o.n}`, { status: o.to }, o.from);
      out.push(updated && { ...updated, seq: 0 });
    } else out.push(await store.deleteCourse(owner, `crs_${owner}_${o.n}`, o.from ?? undefined));
  }
  const strip = (courses: { seq: number }[]) => courses.map((c) => ({ ...c, seq: 0 }));
  for (const status of [undefined, ...STATUSES]) {
    const first = await store.listCourses({ ownerId: owner, limit: 4, status });
    const rest = await store.listCourses({
      ownerId: owner,
      limit: 100,
      status,
      beforeSeq: first.at(-1)?.seq,
    });
    out.push(strip(first), strip(rest));
  }
  return out;
}

let run = 0;
it('sql.js and PostgreSQL answer every random sequence of course writes alike', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { maxLength: 40 }), async (ops) => {
      const owner = `p${++run}`;
      const sqljs = await openSqljsStore({ dataDir: ':memory:' });
      try {
        expect(await apply(postgres, owner, ops)).toEqual(await apply(sqljs, owner, ops));
      } finally {
        await sqljs.close();
      }
    }),
    { numRuns: 40 },
  );
});
