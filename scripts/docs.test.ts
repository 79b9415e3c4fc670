import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Checks that keep the documentation true as the code moves: its links and anchors resolve, the
// front doors stay short, and no instruction installs a name we do not publish.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const lines = (file: string) => readFileSync(join(ROOT, file), 'utf8').trimEnd().split('\n').length;

/** The repository's text files, tracked or new, as git lists them (ignored files left out). */
function repositoryFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return out.split('\n').filter((file) => /\.(md|ts|mjs|js|cjs|json|ya?ml|sh|html)$|^\.ci\/run$/.test(file));
}

// An install, from a registry, of a name under our scope (npm install, npx, pnpm add, yarn add, bunx:
// the cases are in the last test). Our packages are not published, so whoever registered the
// scope would get their code run; the guides install from the tarball `npm pack -w <package>` makes.
const SCOPE = ['@course', 'service/'].join('-');
const REGISTRY_INSTALL = new RegExp(
  String.raw`\b(?:npm\s+(?:install|i|add)|npx|pnpm\s+(?:add|dlx)|yarn\s+(?:add|dlx)|bunx|bun\s+add)\b` +
    String.raw`(?:\s+(?!-w\b|--workspace\b)-{1,2}[\w-]+(?:=\S+)?)*\s+${SCOPE}`,
);

describe('documentation', () => {
  it('links only to files and headings that exist (remark-validate-links, .remarkrc.json)', () => {
    const check = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules/remark-cli/cli.js'), '.', '--frail', '--quiet', '--no-stdout', '--no-color'],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect({ status: check.status, report: check.stderr }).toEqual({ status: 0, report: '' });
  });

  it('keeps the front doors short: README.md at most 150 lines, bench/README.md at most 120', () => {
    expect(lines('README.md')).toBeLessThanOrEqual(150);
    expect(lines('bench/README.md')).toBeLessThanOrEqual(120);
  });

  it('never installs one of our package names from a registry', () => {
    const offending = repositoryFiles().flatMap((file) =>
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .map((text, index) => ({ file, line: index + 1, text: text.trim() }))
        .filter(({ text }) => REGISTRY_INSTALL.test(text)),
    );
    expect(offending).toEqual([]);
  });

  it('recognises a registry install of our names, and lets tarball and workspace commands pass', () => {
    const caught = [
      `npm install ${SCOPE}sdk`,
      `npm i -D ${SCOPE}mocks`,
      `npx ${SCOPE}server --help`,
      `npx -y ${SCOPE}contract-tests`,
      `pnpm add ${SCOPE}sdk`,
      `yarn add --dev ${SCOPE}mocks`,
    ];
    const passed = [
      'npm install ./course-service-sdk-1.3.0.tgz',
      `npm run build -w ${SCOPE}sdk`,
      `npm install -w ${SCOPE}server koa-body`,
      `import { createCourseClient } from '${SCOPE}sdk';`,
    ];
    expect(caught.filter((text) => !REGISTRY_INSTALL.test(text))).toEqual([]);
    expect(passed.filter((text) => REGISTRY_INSTALL.test(text))).toEqual([]);
  });
});
