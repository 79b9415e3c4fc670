import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ChildServer, repoRoot, spawnServer, waitHealthy } from './child-server.ts';
import { createApiKey, requestJson, seedCourses } from './seed.ts';

/** The child script that starts our server through the server's public entry, in a checkout. */
const ourServerScript = 'bench/servers/our-server.ts';

/** Why `--compare DIR` cannot run the checkout at `dir` (one line), or undefined when it can. */
export function compareProblem(dir: string): string | undefined {
  if (existsSync(join(dir, ourServerScript))) return undefined;
  return `--compare ${dir}: no ${ourServerScript} there (not a checkout of this repository?)`;
}

/** Our server's real configuration, with a rate limit high enough never to trigger. */
function ourEnv(dataDir: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    RATE_LIMIT_MAX: '1000000000',
    RATE_LIMIT_WINDOW_SECONDS: '60',
    LOG_LEVEL: 'silent',
  };
}

/**
 * Our server started on `dataDir`, with the time from spawn until `/healthz` answered 200; from
 * `checkout` (this one by default), with that checkout as cwd so its own modules and tsx resolve;
 * `script` is the child to run (a variant of ours, such as `bench/servers/replayed-core.ts`).
 */
export async function startOurs(
  dataDir: string,
  nodeArgs: string[] = [],
  checkout = repoRoot,
  env: Record<string, string> = {},
  script = ourServerScript,
): Promise<{ server: ChildServer; startupMs: number }> {
  const server = await spawnServer(script, {
    env: { ...ourEnv(dataDir), ...env },
    nodeArgs,
    cwd: checkout,
  });
  const healthyAt = await waitHealthy(server.url);
  return { server, startupMs: healthyAt - server.spawnedAt };
}

/** A seeded data directory, never written to after seeding: each pass runs on a copy. */
interface SeededSet {
  dir: string;
  count: number;
  /** An API key of the owner of every course in the set. */
  key: string;
  /** A course of the set, for "get one course". */
  courseId: string;
  /** How long seeding took (0 when the set came from the cache). */
  seedMs: number;
}

/** The small and (unless only the baselines run) large seeded sets. */
export interface Datasets {
  small: SeededSet;
  large?: SeededSet;
}

/** A hash of the storage code, so a cached data set is not reused after its format may have changed. */
async function storageFingerprint(): Promise<string> {
  const dir = join(repoRoot, 'server/store');
  // Recursive: each backend has its own folder (store/sqljs/, store/postgres/).
  const files = (await readdir(dir, { recursive: true }))
    .filter((f) => f.endsWith('.ts') && !f.includes('.test.'))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update(await readFile(join(dir, file)));
  return hash.digest('hex').slice(0, 12);
}

/** Seeds `count` courses over HTTP into a new data directory `dir`. */
async function seedSet(dir: string, count: number): Promise<SeededSet> {
  const { server } = await startOurs(dir);
  try {
    const key = await createApiKey(server.url);
    const seedMs = await seedCourses(server.url, key, count);
    const page = await requestJson<{ data: Array<{ id: string }> }>(
      'GET',
      `${server.url}/api/v1/courses?limit=20`,
      {
        token: key,
        expect: 200,
      },
    );
    if (page.data.length !== 20) throw new Error(`the first page holds ${page.data.length} courses, not 20`);
    return { dir, count, key, courseId: page.data[10]?.id ?? '', seedMs };
  } finally {
    await server.stop();
  }
}

/** A set from `cacheDir` when one was seeded there with the same storage code, else a new one. */
async function cachedSet(root: string, count: number, cacheDir: string | undefined): Promise<SeededSet> {
  if (!cacheDir) return seedSet(join(root, `seed-${count}`), count);
  const dir = join(cacheDir, `courses-${count}-${await storageFingerprint()}`);
  const manifest = `${dir}.json`;
  if (existsSync(manifest)) {
    const set = JSON.parse(await readFile(manifest, 'utf8')) as SeededSet;
    return { ...set, dir, seedMs: 0 };
  }
  const building = `${dir}.partial`;
  await rm(building, { recursive: true, force: true });
  const set = await seedSet(building, count);
  await rename(building, dir);
  await writeFile(manifest, JSON.stringify({ ...set, dir }));
  return { ...set, dir };
}

/**
 * Seeds the small and large sets (both at once, in two server processes: seeding is not
 * measured), or takes them from `cacheDir` (`--data-cache`).
 */
export async function prepareDatasets(
  root: string,
  sizes: { small: number; large: number | undefined },
  cacheDir: string | undefined,
  log: (line: string) => void,
): Promise<Datasets> {
  const [small, large] = await Promise.all([
    cachedSet(root, sizes.small, cacheDir),
    sizes.large === undefined ? undefined : cachedSet(root, sizes.large, cacheDir),
  ]);
  for (const set of [small, large]) {
    if (!set) continue;
    const how = set.seedMs ? `seeded in ${(set.seedMs / 1000).toFixed(1)} s` : `reused from ${set.dir}`;
    log(
      `${set.count} courses ${how}${set.seedMs ? ` (${((set.count * 1000) / set.seedMs).toFixed(0)} creates/s)` : ''}`,
    );
  }
  return large ? { small, large } : { small };
}
