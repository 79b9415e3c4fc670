// The release rule on throwaway repositories: today's spec released, then a branch with one change.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { type Document, parseDocument } from 'yaml';
import { checkReleaseRule } from './release-rule.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Today's version, and the versions a minor and a patch bump of it, and of that minor, make. */
const TODAY = String(
  parseDocument(readFileSync(join(ROOT, 'openapi.yaml'), 'utf8')).getIn(['info', 'version']),
);
const [MAJOR, MINOR, PATCH] = TODAY.split('.').map(Number) as [number, number, number];
const NEXT_MINOR = `${MAJOR}.${MINOR + 1}.0`;
const NEXT_PATCH = `${MAJOR}.${MINOR}.${PATCH + 1}`;
const AFTER_NEXT_MINOR = `${MAJOR}.${MINOR + 2}.0`;
const pattern = (version: string) => version.replaceAll('.', '\\.');
const FILES = [
  'openapi.yaml',
  'CHANGELOG.md',
  'package.json',
  ...['sdk', 'mocks', 'server', 'contract-tests'].map((dir) => `${dir}/package.json`),
];
const work = mkdtempSync(join(tmpdir(), 'release-rule-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.org', ...args], {
    cwd,
    encoding: 'utf8',
  });

/** A repository whose one commit releases today's spec, with the changelog and package manifests. */
function releasedRepository(name: string): string {
  const dir = join(work, name);
  for (const file of FILES) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), readFileSync(join(ROOT, file)));
  }
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'add', '.');
  git(dir, 'commit', '-q', '-m', 'release');
  return dir;
}

/** Edits the repository's spec (and whatever else `change` writes) and commits it on a new branch. */
function branch(dir: string, change: (doc: Document) => void): string {
  git(dir, 'checkout', '-q', '-b', 'change');
  const doc = parseDocument(readFileSync(join(dir, 'openapi.yaml'), 'utf8'));
  change(doc);
  const text = String(doc);
  writeFileSync(join(dir, 'openapi.yaml'), text);
  git(dir, 'commit', '-q', '-am', 'change the spec');
  return text;
}

/** Bumps the working tree to `version`: the spec's changelog line, a CHANGELOG.md section, every package. */
function bump(dir: string, doc: Document, version: string): void {
  doc.setIn(['info', 'version'], version);
  const description = String(doc.getIn(['info', 'description']));
  doc.setIn(['info', 'description'], `${description}- v${version} — 2026-12-01 — what changed.\n`);
  const changelog = readFileSync(join(dir, 'CHANGELOG.md'), 'utf8');
  writeFileSync(
    join(dir, 'CHANGELOG.md'),
    changelog.replace(/^## /m, `## ${version} - 2026-12-01\n\n- What changed.\n\n## `),
  );
  for (const file of FILES.filter((f) => f.endsWith('package.json'))) {
    const manifest = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    writeFileSync(join(dir, file), JSON.stringify({ ...manifest, version }, null, 2));
  }
}

const COURSE = ['components', 'schemas', 'Course'];
const COURSE_CREATE = ['components', 'schemas', 'CourseCreate'];
const lineOf = (text: string, problem: string) => {
  const line = Number(/openapi\.yaml:(\d+):/.exec(problem)?.[1]);
  return text.split('\n')[line - 1] ?? '';
};

describe('the release rule', () => {
  it("passes today's repository", async () => {
    const { problems } = await checkReleaseRule(ROOT);
    expect(problems).toEqual([]);
  });

  it('fails a branch that removes a response field, naming the change and its line', async () => {
    const dir = releasedRepository('removed-field');
    const text = branch(dir, (doc) => doc.deleteIn([...COURSE, 'properties', 'publishedAt']));
    const { problems } = await checkReleaseRule(dir);
    const problem = problems.find((p) => p.includes('[response-property-removed]')) ?? '';
    expect(problem).toMatch(
      /^openapi\.yaml:\d+: property removed, in \d+ places: GET \/api\/v1\/courses response 200 application\/json body\.data\[\]\.publishedAt;.*\[response-property-removed\]: a breaking change/,
    );
    expect(lineOf(text, problem)).toMatch(/^ {6}properties:/);
  });

  it('fails a branch that adds a required request field', async () => {
    const dir = releasedRepository('required-field');
    const text = branch(dir, (doc) => {
      doc.setIn([...COURSE_CREATE, 'properties', 'level'], doc.createNode({ type: 'string' }));
      doc.addIn([...COURSE_CREATE, 'required'], 'level');
    });
    const { problems } = await checkReleaseRule(dir);
    const problem = problems.find((p) => p.includes('[request-property-added-required]')) ?? '';
    expect(problem).toMatch(
      /POST \/api\/v1\/courses: request body application\/json\.level: new required property/,
    );
    expect(lineOf(text, problem)).toMatch(/level:/);
  });

  it('fails a branch that adds an optional field without a version bump, asking for the bump', async () => {
    const dir = releasedRepository('no-bump');
    branch(dir, (doc) =>
      doc.setIn([...COURSE_CREATE, 'properties', 'level'], doc.createNode({ type: 'string' })),
    );
    const { problems } = await checkReleaseRule(dir);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      new RegExp(`needs a minor bump \\(additions\\): set info\\.version to ${pattern(NEXT_MINOR)}`),
    );
    expect(problems[0]).toContain('level: property added');
  });

  it('fails a breaking change even with a version bump', async () => {
    const dir = releasedRepository('breaking-bumped');
    branch(dir, (doc) => {
      doc.deleteIn([...COURSE, 'properties', 'publishedAt']);
      bump(dir, doc, `${MAJOR + 1}.0.0`);
    });
    const { problems } = await checkReleaseRule(dir);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('[response-property-removed]: a breaking change');
  });

  it('asks for a patch bump when only a description changed', async () => {
    const dir = releasedRepository('description');
    branch(dir, (doc) => doc.setIn(['paths', '/healthz', 'get', 'summary'], 'Is the service up?'));
    const { problems } = await checkReleaseRule(dir);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      new RegExp(
        `needs a patch bump \\(descriptions and examples only\\): set info\\.version to ${pattern(NEXT_PATCH)}`,
      ),
    );
  });

  it('finds a release merged into main, and a change after it', async () => {
    const dir = releasedRepository('merged');
    branch(dir, (doc) => {
      doc.setIn([...COURSE_CREATE, 'properties', 'level'], doc.createNode({ type: 'string' }));
      bump(dir, doc, NEXT_MINOR);
    });
    git(dir, 'checkout', '-q', 'main');
    git(dir, 'merge', '-q', '--no-ff', '-m', 'Merge change', 'change');
    expect((await checkReleaseRule(dir)).problems).toEqual([]);
    const doc = parseDocument(readFileSync(join(dir, 'openapi.yaml'), 'utf8'));
    doc.setIn([...COURSE_CREATE, 'properties', 'colour'], doc.createNode({ type: 'string' }));
    writeFileSync(join(dir, 'openapi.yaml'), String(doc));
    const { problems } = await checkReleaseRule(dir);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      new RegExp(`since v${pattern(NEXT_MINOR)} .*set info\\.version to ${pattern(AFTER_NEXT_MINOR)}`),
    );
  });

  it('passes the same change with the bump, its changelog entries and the packages following', async () => {
    const dir = releasedRepository('bumped');
    branch(dir, (doc) => {
      doc.setIn([...COURSE_CREATE, 'properties', 'level'], doc.createNode({ type: 'string' }));
      bump(dir, doc, NEXT_MINOR);
    });
    expect((await checkReleaseRule(dir)).problems).toEqual([]);
  });
});
