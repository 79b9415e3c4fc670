import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The architecture's import rules (.dependency-cruiser.cjs), checked with dependency-cruiser.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONFIG = `${ROOT}.dependency-cruiser.cjs`;
const BIN = `${ROOT}node_modules/dependency-cruiser/bin/dependency-cruise.mjs`;
const FIXTURES = `${ROOT}scripts/fixtures/`;
const SOURCES = [
  'runtime',
  'server',
  'mocks',
  'sdk',
  'contract-tests',
  'dashboard',
  'test-support',
  'fuzz',
  'bench',
  'scripts',
];

interface Rule {
  name: string;
  from: { path?: string | string[]; pathNot?: string | string[] };
}
const { forbidden } = createRequire(import.meta.url)(CONFIG) as { forbidden: Rule[] };

/** The rules `paths` (relative to `cwd`) break, as `rule from → to` lines. */
function violations(cwd: string, paths: string[], extra: string[] = []): string[] {
  const run = spawnSync(
    process.execPath,
    [BIN, ...paths, '--config', CONFIG, ...extra, '--output-type', 'json'],
    { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.stdout === '') throw new Error(`dependency-cruiser failed: ${run.stderr}`);
  const result = JSON.parse(run.stdout) as {
    summary: { violations: Array<{ rule: { name: string; severity: string }; from: string; to: string }> };
  };
  return result.summary.violations
    .filter((v) => v.rule.severity !== 'ignore')
    .map((v) => `${v.rule.name} ${v.from} → ${v.to}`);
}

// What ships, as shipped-code-imports-no-repository-files says it: the same files are checked here
// for the imports no rule can see.
const shippedRule = forbidden.find((rule) => rule.name === 'shipped-code-imports-no-repository-files');
const patterns = (value: string | string[] | undefined) => [value ?? []].flat().map((p) => new RegExp(p));
const shippedIn = patterns(shippedRule?.from.path);
const notShipped = patterns(shippedRule?.from.pathNot);
const isShipped = (path: string) =>
  /\.[cm]?[jt]s$/.test(path) && shippedIn.some((p) => p.test(path)) && !notShipped.some((p) => p.test(path));

/**
 * Every `import(…)` in `files` (relative to `root`) whose argument is not a string literal, as
 * `file:line import(argument)`: a module loaded by a computed path is one no import rule sees.
 */
function computedImports(root: string, files: string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(
      file,
      readFileSync(`${root}${file}`, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [argument] = node.arguments;
        if (!argument || !ts.isStringLiteralLike(argument)) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart());
          found.push(`${file}:${line + 1} import(${argument?.getText() ?? ''})`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

// dependency-cruiser walks the whole tree in a child process: 20-60 s beside busy test files.
describe('import rules', { timeout: 180_000 }, () => {
  it('hold for the whole tree', () => {
    expect(violations(ROOT, SOURCES)).toEqual([]);
  });

  it('catch each rule broken: layers, the domain, the core, the delivery engine, the mocks, test support, tools, shipped code and cycles', () => {
    const found = violations(`${FIXTURES}import-rules`, [
      'runtime',
      'sdk',
      'mocks',
      'server',
      'contract-tests',
      'test-support',
      'fuzz',
      'left',
      'right',
      'setup.config.ts',
    ]);
    const rules = new Set(found.map((line) => line.split(' ')[0]));
    expect([...rules].sort()).toEqual([...new Set(forbidden.map((rule) => rule.name))].sort());
    expect(found).toContain('layers sdk/knows-the-mocks.ts → mocks/handlers.ts');
    expect(found).toContain(
      'domain-imports-nothing runtime/domain/validates-with-ajv.ts → ../../../node_modules/ajv/dist/ajv.js',
    );
    expect(found).toContain('core-imports-no-transport runtime/core/reads-files.fixture.ts → fs');
    expect(found).toContain('webhooks-import-no-node runtime/webhooks/sends-with-node.fixture.ts → https');
    expect(found).toContain(
      'mocks-import-no-server mocks/knows-the-server.fixture.ts → server/port.fixture.ts',
    );
    expect(found).toContain('test-support-only-in-tests setup.config.ts → test-support/harness.ts');
    expect(found).toContain('test-support-only-in-tests server/uses-a-fixture.ts → server/port.fixture.ts');
    expect(found).toContain(
      'tools-use-public-entries fuzz/reaches-into-the-server.ts → server/port.fixture.ts',
    );
    expect(found).toContain(
      'shipped-code-imports-no-repository-files contract-tests/contract.test.ts → test-support/harness.ts',
    );
  });
});

describe('computed imports', () => {
  it('appear in no shipped file', () => {
    const files = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .stdout.split('\n')
      .filter((file) => isShipped(file) && existsSync(`${ROOT}${file}`));
    expect(files).toContain('contract-tests/targets/select-target.ts');
    expect(files).toContain('contract-tests/contract.test.ts');
    expect(files).not.toContain('contract-tests/mutants.test.ts');
    expect(computedImports(ROOT, files)).toEqual([]);
  });

  it('are found: a path in a variable and a template with a placeholder, not a literal', () => {
    const root = `${FIXTURES}dynamic-import/`;
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(isShipped);
    expect(computedImports(root, files)).toEqual([
      'contract-tests/targets/select-target.ts:8 import(path)',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the fixture's template, as the check quotes it.
      'contract-tests/targets/select-target.ts:8 import(`./suites/${suite}.ts`)',
    ]);
  });
});
