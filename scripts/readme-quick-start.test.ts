import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runnableBlocks } from '../test-support/docs/markdown.ts';
import { type ServerProcess, startServerProcess } from '../test-support/server/server-process.ts';

// The README's quick start, as a new user pastes it: its shell blocks (all but the illustrative
// `npm ci` / `npm start` one, which this test stands for) run in order in one bash, against a
// server started as `npm start` starts it, with only the address changed to the test's port.
const blocks = runnableBlocks(new URL('../README.md', import.meta.url), ['sh']);
const dataDir = mkdtempSync(join(tmpdir(), 'course-readme-'));
let server: ServerProcess;

beforeAll(async () => {
  server = await startServerProcess({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

it('runs the quick start: an ID token, a production key, a course, the list, a test key, the sandbox reset', () => {
  expect(blocks.map((block) => block.code.includes('localhost:3000'))).toEqual([true, true]);
  const host = new URL(server.url).host;
  const script = blocks.map((block) => block.code.replaceAll('localhost:3000', host)).join('\n');
  const output = execFileSync('bash', ['-euo', 'pipefail', '-c', script], { encoding: 'utf8' });
  // curl prints bodies without a trailing newline: the course and the page stand on one line.
  const match = /^(\S+)\n(\{.*?\})(\{"data".*\})(\S+)\n(.*)\r\n(.*)$/s.exec(output);
  const [, prodKey, created, list, testKey, environment, reset] = match ?? [];
  expect(prodKey).toMatch(/^cms_prod_\w{32}$/);
  expect(JSON.parse(created ?? '')).toMatchObject({ name: 'Introduction to Databases', status: 'draft' });
  expect(JSON.parse(list ?? '').data).toHaveLength(1);
  expect(testKey).toMatch(/^cms_test_\w{32}$/);
  expect(environment).toMatch(/^course-environment: test$/i);
  expect(JSON.parse(reset ?? '')).toEqual({ environment: 'test', deletedCourses: 0 });
});
