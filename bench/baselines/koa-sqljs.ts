// Child process: the durable bare Koa of koa-durable.ts that also inserts each created course into
// sql.js, in a table of its own with our store's columns and indexes (course-table.ts), in
// transactions committed 50 ms after they open (or at 256 rows), as our store commits. No
// authentication, quota, validation, read model or ETag: what any server that keeps its courses in
// sql.js pays for a durable create at the least. The store's floor, printed beside our create.
import initSqlJs from 'sql.js';
import { COURSE_TABLE, courseRow, INSERT_COURSE } from './course-table.ts';
import { serveDurableKoa } from './durable-koa.ts';

const COMMIT_DELAY_MS = 50;
const MAX_ROWS_PER_TRANSACTION = 256;

const sqlJs = await initSqlJs();
const db = new sqlJs.Database();
// As our store opens its database: the rollback journal in memory, the lock held for good.
db.exec('PRAGMA locking_mode = EXCLUSIVE; PRAGMA journal_mode = MEMORY');
for (const statement of COURSE_TABLE) db.exec(statement);
// Prepared once, as our store prepares BEGIN and COMMIT too: `exec` would parse them every time.
const insert = db.prepare(INSERT_COURSE);
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
  insert.run(courseRow(course, 'owner', seq));
  if (++rows >= MAX_ROWS_PER_TRANSACTION) commit();
});
