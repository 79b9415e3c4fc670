import type { Store } from '@course-service/runtime';
import type { KeyEnvironment } from '@course-service/runtime/domain/api-key-format';
import type { CourseStatus } from '@course-service/runtime/domain/course-lifecycle';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/services/test-backend.ts';
import { account, newCourse } from '../../test-support/store/records.ts';
import { openPostgresStore } from './postgres/open-postgres-store.ts';
import type { PostgresStore } from './postgres/postgres-store.ts';
import { openSqljsStore } from './sqljs/open-sqljs-store.ts';

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
const ENVIRONMENTS: KeyEnvironment[] = ['prod', 'test'];
const env = fc.constantFrom(...ENVIRONMENTS);
const op = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), status: fc.constantFrom(...STATUSES), env }),
  fc.record({
    kind: fc.constant('update' as const),
    n: fc.nat(20),
    from: fc.constantFrom(...STATUSES),
    to: fc.constantFrom(...STATUSES),
    env,
  }),
  fc.record({
    kind: fc.constant('delete' as const),
    n: fc.nat(20),
    from: fc.option(fc.constantFrom(...STATUSES)),
    env,
  }),
  fc.record({ kind: fc.constant('deleteAll' as const), env }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

async function apply(store: Store, owner: string, ops: Op[]): Promise<unknown[]> {
  const out: unknown[] = [];
  let inserted = 0;
  for (const o of ops) {
    const scope = account(owner, o.env);
    if (o.kind === 'insert') await store.insertCourse(newCourse(owner, ++inserted, o.status, o.env));
    else if (o.kind === 'update') {
      const updated = await store.updateCourse(scope, `crs_${owner}_${o.n}`, { status: o.to }, o.from);
      out.push(updated && { ...updated, seq: 0 });
    } else if (o.kind === 'delete') {
      out.push(await store.deleteCourse(scope, `crs_${owner}_${o.n}`, o.from ?? undefined));
    } else out.push(await store.deleteAllCourses(scope));
  }
  const strip = (courses: { seq: number }[]) => courses.map((c) => ({ ...c, seq: 0 }));
  for (const environment of ENVIRONMENTS) {
    for (const status of [undefined, ...STATUSES]) {
      const first = await store.listCourses({ ownerId: owner, environment, limit: 4, status });
      const rest = await store.listCourses({
        ownerId: owner,
        environment,
        limit: 100,
        status,
        beforeSeq: first.at(-1)?.seq,
      });
      out.push(strip(first), strip(rest));
    }
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
