import { cp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startOurs } from './datasets.ts';
import { courseBody } from './seed.ts';

/** Headers as `[name, value, name, value, …]`, as `writeHead` takes them. */
type HeaderList = string[];

/** The exact answers our server gives to the benchmark's requests, for the baselines to serve. */
export interface ReferenceAnswers {
  /** The API key the benchmark's requests carry (the peers keep its HMAC to look it up). */
  key: string;
  /** The body of `GET /api/v1/courses?limit=20` (first page of 20). */
  list: string;
  /** The body of `GET /api/v1/courses/{courseId}`, and its `ETag`. */
  one: string;
  etag: string;
  /** The body of one `POST /api/v1/courses` with the benchmark's create body. */
  created: string;
  /**
   * The headers of each answer (`notModified`: the `304` to a matching `If-None-Match`), without
   * those every HTTP server writes itself (`Date`, `Connection`, `Keep-Alive`, `Content-Length`)
   * and a create's `Location`, which names the course each baseline creates.
   */
  headers: { list: HeaderList; one: HeaderList; notModified: HeaderList; created: HeaderList };
}

/** The environment variable that names the JSON file of {@link ReferenceAnswers} for a baseline child. */
export const referenceEnv = 'BENCH_REFERENCE_ANSWERS';

const WRITTEN_BY_ANY_SERVER = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'location',
]);

function headerList(response: Response): HeaderList {
  const list: HeaderList = [];
  response.headers.forEach((value, name) => {
    if (!WRITTEN_BY_ANY_SERVER.has(name)) list.push(name, value);
  });
  return list;
}

async function answer(url: string, init: RequestInit, expect: number): Promise<Response> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  if (response.status !== expect) {
    throw new Error(`${init.method ?? 'GET'} ${url}: expected ${expect}, got ${response.status}`);
  }
  return response;
}

/**
 * Starts our server on a throw-away copy of `set`, asks it once for each benchmarked answer and
 * writes them to `root/reference-answers.json`: the baselines then re-serialise exactly these
 * bodies and send exactly these headers, so every ratio compares the same bytes on the wire.
 */
export async function captureReferenceAnswers(
  set: { dir: string; key: string; courseId: string },
  root: string,
): Promise<{ file: string; answers: ReferenceAnswers }> {
  const copy = join(root, 'reference-copy');
  await cp(set.dir, copy, { recursive: true });
  const { server } = await startOurs(copy);
  try {
    const auth = { authorization: `Bearer ${set.key}` };
    const one = `${server.url}/api/v1/courses/${set.courseId}`;
    const list = await answer(`${server.url}/api/v1/courses?limit=20`, { headers: auth }, 200);
    const got = await answer(one, { headers: auth }, 200);
    const etag = got.headers.get('etag');
    if (!etag) throw new Error('our server sent no ETag for getCourse');
    const notModified = await answer(one, { headers: { ...auth, 'if-none-match': etag } }, 304);
    const created = await answer(
      `${server.url}/api/v1/courses`,
      { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: courseBody(0) },
      201,
    );
    const answers: ReferenceAnswers = {
      key: set.key,
      list: await list.text(),
      one: await got.text(),
      etag,
      created: await created.text(),
      headers: {
        list: headerList(list),
        one: headerList(got),
        notModified: headerList(notModified),
        created: headerList(created),
      },
    };
    const file = join(root, 'reference-answers.json');
    await writeFile(file, JSON.stringify(answers));
    return { file, answers };
  } finally {
    await server.stop();
    await rm(copy, { recursive: true, force: true });
  }
}
