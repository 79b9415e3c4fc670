import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BaselineCourse, baselineAnswers } from './fixtures.ts';
import { fileSink, GroupCommit } from './group-commit.ts';
import { bareKoaApp, serveKoa } from './koa-app.ts';

/**
 * Serves the bare Koa app of koa-app.ts whose creates are answered only once the created course is
 * on disk: one JSON line in a journal in its own temporary directory, appended with group commit
 * and `fdatasync`, as our server's journal is. `keep` runs first, for a baseline that also keeps
 * the course elsewhere (koa-sqljs.ts). The directory is removed when the server stops.
 *
 * @example await serveDurableKoa(); // koa-durable.ts
 */
export async function serveDurableKoa(keep?: (course: BaselineCourse) => void): Promise<void> {
  // Under the system's temporary directory, as the benchmark's copies of our data are: the same disk.
  const dir = await mkdtemp(join(tmpdir(), 'bench-koa-durable-'));
  const sink = await fileSink(join(dir, 'journal.jsonl'));
  const journal = new GroupCommit(sink);
  const app = bareKoaApp(baselineAnswers(), (course) => {
    keep?.(course);
    return journal.append(`${JSON.stringify(course)}\n`);
  });
  serveKoa(app, async () => {
    await journal.idle();
    await sink.close();
    await rm(dir, { recursive: true, force: true });
  });
}
