import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { type ProblemCode, problemStatus } from '@course-service/runtime/domain/problems';
import type { Heading, Root, RootContent } from 'mdast';
import { remark } from 'remark';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// The cross-package docs name things that live elsewhere: problem codes (declared by the spec) and
// repository paths. These checks keep the names true; remark checks the Markdown links themselves.
const ROOT = new URL('../', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, ROOT), 'utf8');

/**
 * The Markdown files these checks cover: everything under docs/, and the repository's own front
 * doors (README.md, CONTRIBUTING.md, bench/README.md). The package guides are left out: they speak
 * to a user's project (their `prometheus.yml`, their scripts), not to this repository.
 */
function documents(): string[] {
  const docs = readdirSync(new URL('docs/', ROOT), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name.replaceAll('\\', '/')}`);
  return [...docs, 'README.md', 'CONTRIBUTING.md', 'bench/README.md']
    .filter((file) => existsSync(new URL(file, ROOT)))
    .sort();
}

/** Every node of a Markdown tree, depth first. */
function* walk(nodes: RootContent[]): Generator<RootContent> {
  for (const node of nodes) {
    yield node;
    if ('children' in node) yield* walk(node.children as RootContent[]);
  }
}

const tree = (file: string): Root => remark().parse(read(file));

/** The files git tracks, and every folder that holds one. */
function repository(): { files: string[]; paths: Set<string> } {
  const listed = spawnSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  const files = listed.stdout.split('\0').filter((file) => file !== '');
  const paths = new Set(files);
  for (const file of files) {
    for (let end = file.indexOf('/'); end !== -1; end = file.indexOf('/', end + 1))
      paths.add(file.slice(0, end));
  }
  return { files, paths };
}

const EXTENSIONS = /\.(ts|mjs|cjs|js|json|md|yaml|yml|css|html|png)$/;
/** A token that may be a path: no spaces, no scheme, no leading `/` (that is a URL path of the API). */
const PATH_LIKE = /^(?:\.\/)?[\w.@<>*-]+(?:\/[\w.@<>*{},-]+)*\/?$/;
/** Named in docs on purpose although git does not track them (written by a run). */
const UNTRACKED = [/^bench\/results\/<[^>]+>\.(md|json)$/];

/**
 * The repository paths a backticked token names, or `undefined` when it is not one: a token with a
 * `/` whose first segment is a top-level entry of the repository (so `application/json` is not
 * one), or a bare file name with a known extension.
 */
function pathOf(token: string, topLevel: Set<string>): string | undefined {
  if (!PATH_LIKE.test(token)) return undefined;
  const path = token.replace(/^\.\//, '');
  if (path.includes('/')) return topLevel.has(path.split('/')[0] as string) ? path : undefined;
  return EXTENSIONS.test(path) ? path : undefined;
}

/** Whether `path` names a tracked file or folder; `*`, `{a,b}` and `<placeholder>` match like globs. */
function exists(path: string, repo: { files: string[]; paths: Set<string> }): boolean {
  const plain = path.replace(/\/$/, '');
  if (!/[*<{]/.test(plain)) {
    if (plain.includes('/')) return repo.paths.has(plain);
    // A bare file name: at the root, or a file of that name anywhere.
    return repo.paths.has(plain) || repo.files.some((file) => file.endsWith(`/${plain}`));
  }
  const pattern = plain
    .replace(/[.+^$()|[\]\\]/g, '\\$&')
    .replace(/<[^>]+>|\*/g, '[^/]+')
    .replace(/\{([^}]*)\}/g, (_, list: string) => `(?:${list.split(',').join('|')})`);
  const regex = new RegExp(`^${pattern}(?:/|$)`);
  // A bare pattern (`*.test.ts`) matches file names wherever they are.
  const named = plain.includes('/') ? repo.files : repo.files.map((file) => file.split('/').pop() as string);
  return named.some((file) => regex.test(file));
}

describe('docs name what exists', () => {
  it('every repository path named in backticks in docs/ and the front doors exists', () => {
    const repo = repository();
    const topLevel = new Set([...repo.paths].filter((path) => !path.includes('/')));
    const missing: string[] = [];
    for (const file of documents()) {
      for (const node of walk(tree(file).children)) {
        if (node.type !== 'inlineCode') continue;
        const path = pathOf(node.value, topLevel);
        if (!path || UNTRACKED.some((pattern) => pattern.test(path)) || exists(path, repo)) continue;
        missing.push(`${file}:${node.position?.start.line}: ${node.value}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('the path check tells real paths from other tokens', () => {
    const repo = repository();
    const topLevel = new Set([...repo.paths].filter((path) => !path.includes('/')));
    const found = (token: string) => {
      const path = pathOf(token, topLevel);
      return path === undefined ? 'not a path' : exists(path, repo);
    };
    expect(found('runtime/core/pipeline/run-pipeline.ts')).toBe(true);
    expect(found('server/store/')).toBe(true);
    expect(found('runtime/core/operations/<operation-id>.ts')).toBe(true);
    expect(found('server/security/api*.test.ts')).toBe(true);
    expect(found('vitest.config.ts')).toBe(true);
    expect(found('*.test.ts')).toBe(true);
    expect(found('*.no-such-kind.ts')).toBe(false);
    expect(found('runtime/core/pipeline/no-such-step.ts')).toBe(false);
    expect(found('no-such-file.ts')).toBe(false);
    expect(found('application/json')).toBe('not a path');
    expect(found('/api/v1/courses')).toBe('not a path');
    expect(found('npm run bench')).toBe('not a path');
  });
});

/** The problem codes the spec declares: the enum of the `Problem` schema's `code`. */
function specCodes(): string[] {
  const spec = parse(read('openapi.yaml')) as {
    components: { schemas: { Problem: { properties: { code: { enum: string[] } } } } };
  };
  return spec.components.schemas.Problem.properties.code.enum;
}

/** The text of a heading, its code spans included. */
const textOf = (heading: Heading) =>
  heading.children.map((child) => ('value' in child ? child.value : '')).join('');

/**
 * The codes problems.md documents, each with its status: a `### \`code\`` heading under the
 * `## <status> <reason>` heading of its status.
 */
function documentedCodes(): Array<[code: string, status: string]> {
  const codes: Array<[string, string]> = [];
  let status = '';
  for (const node of tree('docs/reference/problems.md').children) {
    if (node.type !== 'heading') continue;
    if (node.depth === 2) status = textOf(node).split(' ')[0] ?? '';
    const [only, ...rest] = node.children;
    if (node.depth === 3 && only?.type === 'inlineCode' && rest.length === 0)
      codes.push([only.value, status]);
  }
  return codes;
}

describe('the problems reference', () => {
  it('documents every problem code the spec declares, and no other', () => {
    const documented = documentedCodes().map(([code]) => code);
    expect(documented.length).toBeGreaterThan(0);
    expect(new Set(documented).size).toBe(documented.length);
    expect([...documented].sort()).toEqual([...specCodes()].sort());
  });

  it('gives each code the status the service sends it with', () => {
    for (const [code, status] of documentedCodes()) {
      expect([code, status]).toEqual([code, String(problemStatus(code as ProblemCode))]);
    }
  });
});
