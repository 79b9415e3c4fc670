import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { type ReferenceAnswers, referenceEnv } from '../reference-answers.ts';

/** A course as the spec's `Course` schema shapes it. */
export interface BaselineCourse {
  id: string;
  name: string;
  description: string;
  status: 'draft' | 'published' | 'archived';
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  archivedAt: string | null;
}

/**
 * What a baseline answers: the values behind our server's bodies, re-serialised per request, and
 * the headers our server sent with each answer, sent as they are.
 */
export interface BaselineAnswers {
  list: unknown;
  one: unknown;
  /** The `ETag` our server sent for `one`; a matching `If-None-Match` answers 304. */
  etag: string;
  /** A created course for a create body, shaped and sized like our server's answer. */
  created(input: { name: string; description: string }): BaselineCourse;
  /** `[name, value, …]` of each answer (a create's `Location` is the baseline's own). */
  headers: ReferenceAnswers['headers'];
}

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
let counter = 0;

/** A course id in the spec's format (`crs_` and 16 base-62 characters), unique within the process. */
function nextCourseId(): string {
  let n = ++counter;
  let suffix = '';
  for (let i = 0; i < 16; i++) {
    suffix = alphabet[n % 62] + suffix;
    n = Math.floor(n / 62);
  }
  return `crs_${suffix}`;
}

function createdCourse(input: { name: string; description: string }): BaselineCourse {
  const at = new Date().toISOString();
  return {
    id: nextCourseId(),
    name: input.name,
    description: input.description,
    status: 'draft',
    createdAt: at,
    updatedAt: at,
    publishedAt: null,
    archivedAt: null,
  };
}

/** A synthetic page, only for `--baselines-only` runs where our server gives no bodies. */
function syntheticPage(): { data: BaselineCourse[]; hasMore: boolean; nextCursor: string | null } {
  const data = Array.from({ length: 20 }, (_, i) =>
    createdCourse({ name: `Bench course ${i + 1}`, description: 'A course created by the benchmark.' }),
  );
  return { data, hasMore: true, nextCursor: 'c2VxOjEwMDA' };
}

/**
 * The answers of a baseline child: our server's exact bodies and headers from the file named by
 * `BENCH_REFERENCE_ANSWERS` (written by the parent), else a synthetic page.
 */
export function baselineAnswers(): BaselineAnswers {
  const file = process.env[referenceEnv];
  if (!file) {
    const page = syntheticPage();
    const json = ['content-type', 'application/json'];
    const etag = ['etag', '"synthetic"'];
    return {
      list: page,
      one: page.data[0],
      etag: '"synthetic"',
      created: createdCourse,
      headers: { list: json, one: [...json, ...etag], notModified: etag, created: json },
    };
  }
  const reference = JSON.parse(readFileSync(file, 'utf8')) as ReferenceAnswers;
  // Our created course as the template, so every field our server adds (in its order) is there too.
  const template = JSON.parse(reference.created) as BaselineCourse;
  return {
    list: JSON.parse(reference.list),
    one: JSON.parse(reference.one),
    etag: reference.etag,
    created: (input) => ({ ...template, ...createdCourse(input) }),
    headers: reference.headers,
  };
}

/**
 * Writes an answer as bare `node:http` does at its cheapest: one `writeHead` of a header list (with
 * the body's `Content-Length`), then the body. The Koa baselines leave the writing to Koa instead.
 */
export function writeAnswer(res: ServerResponse, status: number, headers: string[], body?: string): void {
  res.writeHead(
    status,
    body === undefined ? headers : headers.concat('content-length', String(Buffer.byteLength(body))),
  );
  res.end(body);
}

/** Reads a request body to a string, refusing more than `limit` bytes. */
export async function readBody(stream: AsyncIterable<Buffer>, limit = 1 << 20): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > limit) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
