import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { codeBlocks } from '../test-support/docs/markdown.ts';
import { newApiKey, startCourseServer } from '../test-support/sdk/servers.ts';

// The guide's examples are the files in `examples/`, with the import written as a user writes it.
// This suite proves the README shows exactly those files and no other code that runs (every other
// block is marked illustrative), then runs each against a real server; examples-compile.test.ts
// compiles them as a user's project would.
const examplesDir = new URL('./examples/', import.meta.url);
const blocks = codeBlocks(readFileSync(new URL('./README.md', import.meta.url), 'utf8'));
const asPublished = (source: string) =>
  source
    .replaceAll("'../index.ts'", "'@course-service/sdk'")
    .replaceAll("'../query.ts'", "'@course-service/sdk/query'")
    .replaceAll("'../zod.ts'", "'@course-service/sdk/zod'")
    .replaceAll("'../webhooks.ts'", "'@course-service/sdk/webhooks'");

let server: Awaited<ReturnType<typeof startCourseServer>>;
beforeAll(async () => {
  // The webhook example names a local URL, as a developer's would.
  server = await startCourseServer({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  process.env.COURSE_SERVICE_URL = server.url;
});
afterAll(() => server.close());
afterEach(() => {
  vi.restoreAllMocks();
});

/** Runs an example as a fresh subject and returns what it printed, one string per console.log call. */
async function run(name: string): Promise<string[]> {
  process.env.COURSE_SERVICE_API_KEY = await newApiKey(server.url);
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  await import(`./examples/${name}.ts`);
  return log.mock.calls.map((args) => args.join(' '));
}

describe('README', () => {
  it('runs every block it shows: each unmarked block is TypeScript, the rest are marked illustrative', () => {
    const unmarked = blocks.filter((block) => !block.illustrative && block.lang !== 'ts');
    expect(unmarked.map((block) => `line ${block.line}: ${block.lang || 'no language'}`)).toEqual([]);
  });

  it('shows every example file verbatim, each once, and no other TypeScript', () => {
    const files = readdirSync(examplesDir).filter((f) => f.endsWith('.ts'));
    const shown = blocks.filter((block) => block.lang === 'ts' && !block.illustrative).map((b) => b.code);
    const sources = files.map((f) => asPublished(readFileSync(new URL(f, examplesDir), 'utf8')));
    expect(shown.sort()).toEqual(sources.sort());
    for (const source of sources) expect(source).not.toMatch(/from '\.\.?\//);
  });
});

describe('README examples against the reference server', () => {
  it('quick start: creates a key with the ID token, then a course with the key', async () => {
    const [published, exported] = await run('quick-start');
    expect(published).toMatch(/^crs_\w{16} published$/);
    expect(exported).toMatch(/^export COURSE_SERVICE_API_KEY=cms_prod_\w{32}$/);
  });

  it('api keys: a function credential, a read-only key refused a write, a listed and a revoked key', async () => {
    expect(await run('api-keys')).toEqual([
      '0',
      'insufficient_scope courses:write',
      'Reporting job true',
      'api_key_revoked',
    ]);
  });

  it('errors: thrown typed errors and { data, error } results', async () => {
    expect(await run('errors')).toEqual([
      expect.stringMatching(/^404 not_found \S+$/),
      'body /name must NOT have more than 200 characters',
      "NotFoundError No course 'crs_0000000000000000' exists.",
    ]);
  });

  it('retries: an idempotent create replays, per-call options apply, an abort is typed', async () => {
    expect(await run('retries')).toEqual(['true', 'Compilers', 'aborted']);
  });

  it('logging: every attempt at debug, credentials redacted', async () => {
    expect(await run('logging')).toEqual([
      expect.stringMatching(
        /^course-service: listCourses attempt 1: GET \/api\/v1\/courses\?limit=1 \{"authorization":"\[redacted\]"\}$/,
      ),
      expect.stringMatching(/^course-service: listCourses attempt 1: 200 in \d+ ms, request id \S+$/),
      'false',
    ]);
  });

  it('hooks: a traceparent on every attempt, and an ID token refreshed after a 401', async () => {
    expect(await run('hooks')).toEqual(['listApiKeys attempt 1', 'listApiKeys attempt 2', '0']);
  });

  it('raw response: the Response as soon as its headers arrive, its body read by the caller', async () => {
    expect(await run('raw-response')).toEqual(['200 application/json; charset=utf-8', 'true']);
  });

  it('pagination: every page, then one page at a time', async () => {
    expect(await run('pagination')).toEqual(['Chemistry', 'Biology', 'Algebra', '2 true', '1']);
  });

  it('conditional reads: NotModified while unchanged, the new course after a change', async () => {
    expect(await run('conditional-reads')).toEqual(['true', 'Statistics I', 'true']);
  });

  it('key rotation: one roll, both keys working in the window, the list, a second roll refused, the history, the usage', async () => {
    expect(await run('key-rotation')).toEqual([
      'true Backend courses:read',
      '0',
      '0',
      'true true',
      'key_already_rolled true',
      'rolled_to rotating-team',
      'created rotating-team',
      '1 true',
    ]);
  });

  it('test environment: a test key, the environment of its answers, and a sandbox reset', async () => {
    expect(await run('test-environment')).toEqual(['test', 'test test', 'true']);
  });

  it('rate limits: the quota per call and on the client, and the generated functions', async () => {
    const [status, quota, policy, health] = await run('rate-limits');
    expect(status).toMatch(/^0 200 \S+$/);
    expect(quota).toMatch(/^\d+ of \d+ left; resets in \d+ s$/);
    expect([policy, health]).toEqual(['courses', 'ok']);
  });

  it('events: polling the feed from a stored cursor, every event after one, one event by id', async () => {
    expect(await run('events')).toEqual([
      'api_key.created course.created course.published',
      'course.archived',
      '0',
      'Astronomy published',
      'true',
    ]);
  });

  it('webhook endpoints: the secret once, a rotation, a test event and its delivery, a paused endpoint', async () => {
    expect(await run('webhook-endpoints')).toEqual([
      'true',
      'true',
      'true webhook.test',
      'webhook_endpoint_disabled',
      'true false manual',
    ]);
  });

  it('webhook receiver: a verified delivery handled once, the old secret during a rotation, a forgery refused', async () => {
    expect(await run('webhook-receiver')).toEqual([
      'published: Astronomy',
      '204',
      '204',
      'published: Astronomy',
      '204',
      '400 invalid_signature',
    ]);
  });

  it('TanStack Query: mutations, a cached and typed query, pages by nextCursor, typed errors', async () => {
    expect(await run('query')).toEqual([
      'Chemistry, Biology',
      'true',
      'Chemistry, Biology, Algebra false',
      'true',
    ]);
  });

  it('Zod: a form refused by the contract’s rules, a parsed course, query defaults and limits', async () => {
    expect(await run('zod')).toEqual(['name', 'draft', '20 false']);
  });
});
