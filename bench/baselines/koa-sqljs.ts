// Child process: the durable bare Koa of koa-durable.ts that also inserts each created course as a
// row of our schema in sql.js, with our store's statement, in transactions committed 50 ms after
// they open (or at 256 rows), as `SqlDatabase` commits. No authentication, quota, validation, read
// model or ETag: what any server that keeps its courses in sql.js pays for a durable create at the
// least. The store's floor, printed beside our create.
import initSqlJs from 'sql.js';
import { applyMigrations } from '../../server/store/sqljs/migrations.ts';
import { courseParams, SQL } from '../../server/store/sqljs/statements.ts';
import { serveDurableKoa } from './durable-koa.ts';

const COMMIT_DELAY_MS = 50;
const MAX_ROWS_PER_TRANSACTION = 256;

const sqlJs = await initSqlJs();
const db = new sqlJs.Database();
// As `SqlDatabase` opens ours: the rollback journal in memory, the lock held for good.
db.exec('PRAGMA locking_mode = EXCLUSIVE; PRAGMA journal_mode = MEMORY');
applyMigrations(db);
// Prepared once, as `SqlDatabase` prepares BEGIN and COMMIT too: `exec` would parse them every time.
const insert = db.prepare(SQL.insertCourse);
const begin = db.prepare('BEGIN');
const end = db.prepare('COMMIT');
let rows = 0;
let seq = 0;
let commitScheduled = false;

function commit(): void {
  if (rows === 0) return;
  rows = 0;
  end.run();
}

await serveDurableKoa((course) => {
  if (rows === 0) {
    begin.run();
    if (!commitScheduled) {
      commitScheduled = true;
      setTimeout(() => {
        commitScheduled = false;
        commit();
      }, COMMIT_DELAY_MS);
    }
  }
  seq += 1;
  insert.run(courseParams({ ...course, ownerId: 'owner', environment: 'prod', seq }));
  if (++rows >= MAX_ROWS_PER_TRANSACTION) commit();
});
