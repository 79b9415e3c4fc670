// What the sql.js store pays for using sql.js through its documented API only (issue 37): the
// database file lives in emscripten's in-memory file system, which grows a file past 1 MiB by
// 12.5 % at a time into a fresh buffer with a full copy, and a checkpoint takes the file's bytes
// with `export()`, on the event loop. Both block the loop; this measures for how long, on the real
// store (its schema, statements, shared commits and checkpoints; opened through the server's
// public entry), at each size.
//
//   npx tsx bench/sqljs-file.ts [--sizes 1000,10000,100000] [--checkpoints 5]
//
// Writes bench/results/sqljs-file/<date>.{json,md}.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { openStore } from '@course-service/server';
import { resultsDir } from './write-results.ts';

/** What one database size cost. */
interface SizeResult {
  courses: number;
  fileMiB: number;
  /** Inserting the courses, 50 at a time: the event loop's longest stall and its 99th percentile. */
  insertStallMaxMs: number;
  insertStallP99Ms: number;
  /** Stalls of 10 ms or more while inserting (each file growth copies the whole file). */
  insertStallsOver10Ms: number;
  /** The part of a checkpoint that holds the event loop (commit, `export()`, journal switch): median and max. */
  checkpointBlockedMedianMs: number;
  checkpointBlockedMaxMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

type StoreLogger = NonNullable<Parameters<typeof openStore>[0]['logger']>;

/**
 * Inserts `count` courses, `batch` at a time, into a fresh store, then checkpoints it `checkpoints`
 * times: each time the store is opened again and closed, and closing writes a checkpoint.
 */
async function measure(count: number, checkpoints: number, batch = 50): Promise<SizeResult> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-sqljs-file-'));
  const blocked: number[] = [];
  let bytes = 0;
  const logger: StoreLogger = {
    info(details, message) {
      if (message !== 'store checkpoint written') return;
      const written = details as { blockedMs: number; bytes: number };
      blocked.push(written.blockedMs);
      bytes = written.bytes;
    },
    warn() {},
    error() {},
  };
  // No background checkpoint while inserting: the stalls measured are the file's growth alone.
  const store = await openStore({ dataDir, logger, checkpointEntries: Number.MAX_SAFE_INTEGER });
  let closed = false;
  try {
    const stalls = monitorEventLoopDelay({ resolution: 1 });
    let over10 = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      if (now - last >= 11) over10++;
      last = now;
    }, 1);
    stalls.enable();
    for (let n = 0; n < count; n += batch) {
      const inserts = [];
      for (let i = n; i < Math.min(count, n + batch); i++) inserts.push(store.insertCourse(course(i)));
      await Promise.all(inserts);
    }
    stalls.disable();
    clearInterval(ticker);
    await store.close();
    closed = true;
    blocked.length = 0;
    for (let i = 0; i < checkpoints; i++) await (await openStore({ dataDir, logger })).close();
    if (blocked.length !== checkpoints) throw new Error(`${blocked.length} checkpoints, not ${checkpoints}`);
    return {
      courses: count,
      fileMiB: Math.round((bytes / 2 ** 20) * 10) / 10,
      insertStallMaxMs: Math.round(stalls.max / 1e6),
      insertStallP99Ms: Math.round(stalls.percentile(99) / 1e6),
      insertStallsOver10Ms: over10,
      checkpointBlockedMedianMs: median(blocked),
      checkpointBlockedMaxMs: Math.max(...blocked),
    };
  } finally {
    if (!closed) await store.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A course as the service stores one, with the bench's realistic texts. */
function course(n: number) {
  const at = new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString();
  return {
    id: `crs_bench${String(n).padStart(12, '0')}`,
    ownerId: 'bench',
    environment: 'prod' as const,
    name: `Bench course ${n}`,
    description: 'A course created by the benchmark: realistic length, plain text, nothing special.',
    status: 'draft' as const,
    createdAt: at,
    updatedAt: at,
    publishedAt: null,
    archivedAt: null,
  };
}

function render(results: SizeResult[], date: string, load: number): string {
  const rows = results.map(
    (r) =>
      `| ${r.courses.toLocaleString('en')} | ${r.fileMiB} | ${r.insertStallMaxMs} | ${r.insertStallP99Ms} | ` +
      `${r.insertStallsOver10Ms} | ${r.checkpointBlockedMedianMs} | ${r.checkpointBlockedMaxMs} |`,
  );
  return [
    `# sql.js file costs, ${date}`,
    '',
    'Written by `npx tsx bench/sqljs-file.ts` (what it measures: the comment at its top). Stalls are',
    "the event loop's delays while inserting, 50 courses at a time (as 50 connections would); a checkpoint's blocked part is",
    'its commit, `export()` and journal switch, which run on the event loop. Other processes also',
    `stall it: the load average was ${load.toFixed(1)} on ${availableParallelism()} CPUs when the run ended.`,
    '',
    '| courses | file MiB | insert stall max ms | insert stall p99 ms | stalls ≥ 10 ms | checkpoint blocks ms (median) | (max) |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
  ].join('\n');
}

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,100000' },
    checkpoints: { type: 'string', default: '5' },
  },
});
const results: SizeResult[] = [];
for (const size of values.sizes.split(',').map(Number)) {
  results.push(await measure(size, Number(values.checkpoints)));
  console.log(JSON.stringify(results.at(-1)));
}
const date = new Date().toISOString();
const dir = join(resultsDir, 'sqljs-file');
await mkdir(dir, { recursive: true });
const stem = date.slice(0, 16).replace(':', '-');
const load = loadavg()[0] ?? 0;
await writeFile(
  join(dir, `${stem}Z.json`),
  `${JSON.stringify({ date, node: process.version, loadAverage: load, results }, null, 2)}\n`,
);
await writeFile(
  join(dir, `${stem}Z.md`),
  render(results, `${date.slice(0, 16).replace('T', ' ')} UTC`, load),
);
console.log(render(results, date, load));
