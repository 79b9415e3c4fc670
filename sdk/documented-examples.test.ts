import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { newApiKey, startCourseServer } from './test-support.ts';

// The README's examples are the files in `examples/`, with the import written as a user writes it.
// This suite proves the README shows exactly those files, then runs each against a real server.
const examplesDir = new URL('./examples/', import.meta.url);
// The section "Using the SDK" of the top-level README, up to the next section.
const readme =
  /\n## Using the SDK\n[\s\S]*?(?=\n## )/.exec(
    readFileSync(new URL('../README.md', import.meta.url), 'utf8'),
  )?.[0] ?? '';
const asPublished = (source: string) => source.replaceAll("'../index.ts'", "'@course-service/sdk'");

let server: Awaited<ReturnType<typeof startCourseServer>>;
beforeAll(async () => {
  server = await startCourseServer();
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
  it('shows every example file verbatim, and no other code', () => {
    const files = readdirSync(examplesDir).filter((f) => f.endsWith('.ts'));
    const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);
    const sources = files.map((f) => asPublished(readFileSync(new URL(f, examplesDir), 'utf8')));
    expect(blocks.sort()).toEqual(sources.sort());
  });
});

describe('README examples against the reference server', () => {
  it('quick start: creates a key with the ID token, then a course with the key', async () => {
    const [published, exported] = await run('quick-start');
    expect(published).toMatch(/^crs_\w{16} published$/);
    expect(exported).toMatch(/^export COURSE_SERVICE_API_KEY=cms_prod_\w{32}$/);
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

  it('pagination: every page, then one page at a time', async () => {
    expect(await run('pagination')).toEqual(['Chemistry', 'Biology', 'Algebra', '2 true', '1']);
  });

  it('conditional reads: NotModified while unchanged, the new course after a change', async () => {
    expect(await run('conditional-reads')).toEqual(['true', 'Statistics I', 'true']);
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
});
