// Child process: the bare Koa app of koa.ts, but a create is answered only once the created course
// is on disk: one JSON line in a journal, appended with group commit and `fdatasync`, as our server's
// journal does. The honest ceiling for our durable create.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baselineAnswers } from './fixtures.ts';
import { fileSink, GroupCommit } from './group-commit.ts';
import { bareKoaApp, serveKoa } from './koa-app.ts';

// Under the system's temporary directory, as the benchmark's copies of our data are: the same disk.
const dir = await mkdtemp(join(tmpdir(), 'bench-koa-durable-'));
const sink = await fileSink(join(dir, 'journal.jsonl'));
const journal = new GroupCommit(sink);

const app = bareKoaApp(baselineAnswers(), (course) => journal.append(`${JSON.stringify(course)}\n`));
serveKoa(app, async () => {
  await journal.idle();
  await sink.close();
  await rm(dir, { recursive: true, force: true });
});
