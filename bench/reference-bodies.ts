import { cp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startOurs } from './datasets.ts';
import { courseBody } from './seed.ts';

/** The exact answers our server gives to the benchmark's requests, for the baselines to serve. */
export interface ReferenceBodies {
  /** The body of `GET /api/v1/courses?limit=20` (first page of 20). */
  list: string;
  /** The body of `GET /api/v1/courses/{courseId}`, and its `ETag`. */
  one: string;
  etag: string;
  /** The body of one `POST /api/v1/courses` with the benchmark's create body. */
  created: string;
}

/** The environment variable that names the JSON file of {@link ReferenceBodies} for a baseline child. */
export const referenceEnv = 'BENCH_REFERENCE_BODIES';

async function text(url: string, init: RequestInit, expect: number): Promise<Response> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  if (response.status !== expect) {
    throw new Error(`${init.method ?? 'GET'} ${url}: expected ${expect}, got ${response.status}`);
  }
  return response;
}

/**
 * Starts our server on a throw-away copy of `set`, asks it once for each benchmarked answer and
 * writes them to `root/reference-bodies.json`: the baselines then re-serialise exactly these bytes,
 * so every ratio compares equal work.
 */
export async function captureReferenceBodies(
  set: { dir: string; key: string; courseId: string },
  root: string,
): Promise<{ file: string; bodies: ReferenceBodies }> {
  const copy = join(root, 'reference-copy');
  await cp(set.dir, copy, { recursive: true });
  const { server } = await startOurs(copy);
  try {
    const auth = { authorization: `Bearer ${set.key}` };
    const list = await text(`${server.url}/api/v1/courses?limit=20`, { headers: auth }, 200);
    const one = await text(`${server.url}/api/v1/courses/${set.courseId}`, { headers: auth }, 200);
    const created = await text(
      `${server.url}/api/v1/courses`,
      { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: courseBody(0) },
      201,
    );
    const bodies: ReferenceBodies = {
      list: await list.text(),
      one: await one.text(),
      etag: one.headers.get('etag') ?? '',
      created: await created.text(),
    };
    if (!bodies.etag) throw new Error('our server sent no ETag for getCourse');
    const file = join(root, 'reference-bodies.json');
    await writeFile(file, JSON.stringify(bodies));
    return { file, bodies };
  } finally {
    await server.stop();
    await rm(copy, { recursive: true, force: true });
  }
}
