import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeBlocks } from '../../test-support/docs/markdown.ts';
import {
  COURSE_MOCK,
  type CourseMockProcess,
  runToEnd,
  startCourseMock,
} from '../../test-support/mocks/course-mock-process.ts';

// The guide's "Mock server for any language": its Python example and its curl session, each run
// as a reader runs them, against `course-mock serve` as a real process on a loopback port.
const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const blocks = codeBlocks(README).filter((block) => !block.illustrative);
const PYTHON_DIR = new URL('../examples/python/', import.meta.url).pathname;
const PYTHON_EXAMPLE = readFileSync(join(PYTHON_DIR, 'test_course_mock.py'), 'utf8');
// Only what the commands need: no proxy settings from the environment between them and loopback.
const ENV = { PATH: process.env.PATH ?? '', PYTHONDONTWRITEBYTECODE: '1' };

describe('README: the Python example', () => {
  let mock: CourseMockProcess;
  beforeAll(async () => {
    mock = await startCourseMock(['--overrides']);
  });
  afterAll(() => mock?.stop());

  it('is shown verbatim', () => {
    expect(blocks.filter((block) => block.lang === 'python').map((block) => block.code)).toEqual([
      PYTHON_EXAMPLE,
    ]);
  });

  it('passes with the standard library against course-mock serve --overrides', async () => {
    const env = { ...ENV, COURSE_MOCK_URL: mock.url };
    const { code, output } = await runToEnd('python3', ['-m', 'unittest', '-v'], { cwd: PYTHON_DIR, env });
    expect(code, output).toBe(0);
    expect(output).toMatch(/^Ran 4 tests in [\d.]+s\n\nOK\n$/m);
    // Its last test left its create in this mock's journal: the client spoke to this process.
    const creates = await (await fetch(`${mock.url}/__mock/requests?operationId=createCourse`)).json();
    expect(creates.map((request: { body: unknown }) => request.body)).toEqual([
      { name: 'Chemistry', description: '' },
    ]);
  });
});

describe('README: the curl session', () => {
  const sessions = blocks.filter((block) => block.lang === 'sh');

  it('is one block, which starts the mock', () => {
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.code).toMatch(/^course-mock serve --port 0 --overrides /m);
  });

  it('runs as written, where npm has put course-mock, and leaves nothing running', async () => {
    // The reader's project: the package installed, its command in node_modules/.bin.
    const project = mkdtempSync(join(tmpdir(), 'course-mock-curl-'));
    const bin = join(project, 'node_modules/.bin');
    mkdirSync(bin, { recursive: true });
    const args = COURSE_MOCK.map((arg) => `"${arg}"`).join(' ');
    writeFileSync(join(bin, 'course-mock'), `#!/bin/sh\nexec "${process.execPath}" ${args} "$@"\n`);
    chmodSync(join(bin, 'course-mock'), 0o755);
    const script = sessions[0]?.code ?? '';
    const { child, code, output } = await runToEnd('bash', ['-eo', 'pipefail', '-c', script], {
      cwd: project,
      env: ENV,
    });
    expect(code, output).toBe(0);
    expect(output).toMatch(/^\{"id":"crs_\w+","name":"Algebra","description":"","status":"draft",/m);
    expect(output).toMatch(/^\{"data":\[\{"id":"crs_\w+","name":"Algebra",.*"nextCursor":null\}$/m);
    expect(output).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r$[\s\S]*^retry-after: 1\r$/m);
    expect(output).toMatch(/"code":"service_unavailable"\}$/m);
    expect(output).toMatch(/^429$/m);
    const journal = JSON.parse(output.trim().split('\n').at(-1) ?? '');
    expect(journal.map((r: { body: { name: string }; status: number }) => [r.body.name, r.status])).toEqual([
      ['Algebra', 201],
      ['Biology', 429],
    ]);
    // The script waits for the mock it stops; the kernel may take a moment more to clear the group.
    const groupAlive = () => {
      try {
        process.kill(-(child.pid as number), 0);
        return true;
      } catch {
        return false;
      }
    };
    for (let waited = 0; groupAlive() && waited < 5_000; waited += 50)
      await new Promise((r) => setTimeout(r, 50));
    expect(groupAlive(), 'the mock stopped with the script').toBe(false);
  });
});
