// `course-contract diff` as a user runs it: its four formats, --fail-on, git sources; the help, and
// the one line and exit code of a wrong command line (the suite's own options included).
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseDocument } from 'yaml';
import { runCourseContract } from '../../test-support/contract-command/run-contract-cli.ts';

const BASE = new URL('./fixtures/base.yaml', import.meta.url);

const courseContract = (cwd: string, args: string[]) => runCourseContract(args, { cwd });

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'diff-command-'));
  const base = await readFile(BASE, 'utf8');
  await writeFile(join(dir, 'base.yaml'), base);
  // One breaking change (a response property removed) and one safe one (an optional request property).
  const head = parseDocument(base);
  head.deleteIn(['components', 'schemas', 'Item', 'properties', 'count']);
  head.setIn(
    ['components', 'schemas', 'ItemCreate', 'properties', 'colour'],
    head.createNode({ type: 'string' }),
  );
  await writeFile(join(dir, 'head.yaml'), String(head));
  const safe = parseDocument(base);
  safe.setIn(
    ['components', 'schemas', 'ItemCreate', 'properties', 'colour'],
    safe.createNode({ type: 'string' }),
  );
  await writeFile(join(dir, 'safe.yaml'), String(safe));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('course-contract diff', () => {
  test('prints a summary by level, one finding per cause with its line', async () => {
    const { code, stdout } = await courseContract(dir, ['diff', 'base.yaml', 'head.yaml']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^base\.yaml → head\.yaml: 5 changes: 3 breaking, 0 possibly breaking, 2 safe$/m);
    expect(stdout).toMatch(
      /^Breaking: 1 finding \(3 changes\)\n {2}head\.yaml:\d+ {2}property removed, in 3 places: GET \/api\/v1\/items response 200 application\/json body\.data\[\]\.count; .* {2}\[response-property-removed\]$/m,
    );
    expect(stdout).toMatch(
      /^Safe: 1 finding \(2 changes\)\n {2}head\.yaml:\d+ {2}property added, in 2 places: POST \/api\/v1\/items request body application\/json\.colour; /m,
    );
  });

  test('--format json lists every change with its level, rule, pointer and line', async () => {
    const { code, stdout } = await courseContract(dir, [
      'diff',
      '--format',
      'json',
      'base.yaml',
      'head.yaml',
    ]);
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(result.counts).toEqual({ breaking: 3, 'possibly-breaking': 0, safe: 2 });
    expect(result.changes[0]).toMatchObject({
      level: 'breaking',
      rule: 'response-property-removed',
      operation: 'GET /api/v1/items',
      where: 'response 200 application/json body.data[].count',
      detail: 'property removed',
      pointer: ['components', 'schemas', 'Item', 'properties', 'count'],
      line: expect.any(Number),
      documentation: false,
    });
  });

  test('--format github writes workflow annotations at the lines of the head document', async () => {
    const { stdout } = await courseContract(dir, ['diff', '--format', 'github', 'base.yaml', 'head.yaml']);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^::error file=head\.yaml,line=\d+,title=Breaking API change \(response-property-removed\)::property removed, in 3 places: GET \/api\/v1\/items /,
    );
    expect(lines[1]).toMatch(
      /^::notice file=head\.yaml,line=\d+,title=Safe API change \(request-property-added\)::property added, in 2 places: POST \/api\/v1\/items request body application\/json\.colour; /,
    );
    expect(lines.at(-1)).toBe('5 changes: 3 breaking, 0 possibly breaking, 2 safe');
    const head = (await readFile(join(dir, 'head.yaml'), 'utf8')).split('\n');
    const line = Number(/line=(\d+)/.exec(lines[0] ?? '')?.[1]);
    expect(head[line - 1]).toMatch(/^ {6}properties:$/);
  });

  test('--format markdown writes a comment for a pull request', async () => {
    const { stdout } = await courseContract(dir, ['diff', '--format', 'markdown', 'base.yaml', 'head.yaml']);
    expect(stdout).toContain('### API changes: `base.yaml` → `head.yaml`');
    expect(stdout).toMatch(
      /#### Breaking: 1 finding \(3 changes\)\n\n\| change \| rule \| line \|\n\| --- \| --- \| --- \|\n\| property removed, in 3 places: .* \| `response-property-removed` \| head\.yaml:\d+ \|/,
    );
  });

  test('--fail-on: exit 1 when a change is that severe, 0 otherwise', async () => {
    expect(
      (await courseContract(dir, ['diff', '--fail-on', 'breaking', 'base.yaml', 'head.yaml'])).code,
    ).toBe(1);
    expect(
      (await courseContract(dir, ['diff', '--fail-on', 'possibly-breaking', 'base.yaml', 'safe.yaml'])).code,
    ).toBe(0);
  });

  test('reads git:<ref>:<path> as that commit has the file', async () => {
    const repo = await mkdtemp(join(dir, 'repo-'));
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.org', ...args], {
        cwd: repo,
      });
    git('init', '-q', '-b', 'main');
    await writeFile(join(repo, 'openapi.yaml'), await readFile(BASE, 'utf8'));
    git('add', '.');
    git('commit', '-q', '-m', 'base');
    await writeFile(join(repo, 'openapi.yaml'), await readFile(join(dir, 'head.yaml'), 'utf8'));
    const { code, stdout } = await courseContract(repo, [
      'diff',
      '--fail-on',
      'breaking',
      'git:main:openapi.yaml',
      'openapi.yaml',
    ]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^git:main:openapi\.yaml → openapi\.yaml: 5 changes: 3 breaking/);
    const missing = await courseContract(repo, ['diff', 'git:nope:openapi.yaml', 'openapi.yaml']);
    expect([missing.code, missing.stderr]).toEqual([
      66,
      expect.stringMatching(/^course-contract diff: cannot read git:nope:openapi\.yaml: fatal: .*\n$/),
    ]);
  });
});

describe('--help', () => {
  test('says what the installed command needs, and what each default is', async () => {
    const { code, stdout } = await courseContract(dir, ['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /--base-url URL +the server to check \(CONTRACT_BASE_URL\); required, except in a checkout\n +of the course-service repository, where without it the reference server/,
    );
    expect(stdout).toMatch(
      /default <base>\/dev\/\.well-known\/jwks\.json, none with\n +--id-token-command\)/,
    );
    expect(stdout).toContain('course-contract diff [options] <base> <head>');
  });

  test('diff --help describes the comparison and its exit codes', async () => {
    const { code, stdout } = await courseContract(dir, ['diff', '--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: course-contract diff \[options\] <base> <head>\n/);
    expect(stdout).toContain('64 a wrong command line, 66 a document that cannot be read.');
  });
});

describe('a wrong command line', () => {
  test.for([
    [['diff', '--nope', 'base.yaml', 'head.yaml'], /^course-contract: Unknown option '--nope'/],
    [['diff', 'base.yaml'], /^course-contract: needs two documents, <base> and <head>; got 1/],
    [
      ['diff', '--format', 'yaml', 'base.yaml', 'head.yaml'],
      /^course-contract: --format must be one of text, json, github, markdown/,
    ],
    [['--base-url'], /^course-contract: Option '--base-url <value>' argument missing/],
    [['--nope'], /^course-contract: Unknown option '--nope'/],
    [['--format', 'yaml'], /^course-contract: --format must be text or github, got 'yaml'/],
  ] as const)('%j prints one line and exits 64', async ([args, message]) => {
    const { code, stdout, stderr } = await courseContract(dir, [...args]);
    expect([code, stdout]).toEqual([64, '']);
    expect(stderr).toMatch(message);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  test('a document that cannot be read exits 66, naming it', async () => {
    const { code, stderr } = await courseContract(dir, ['diff', 'base.yaml', 'missing.yaml']);
    expect([code, stderr]).toEqual([66, 'course-contract diff: cannot read missing.yaml: ENOENT\n']);
  });
});
