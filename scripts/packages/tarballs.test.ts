// What every package ships, whichever it is: no test code, and no link that leaves the package.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { PACKAGE_NAMES, packPackages, ROOT } from '../../test-support/packages/packed-packages.ts';

const packed = packPackages(...PACKAGE_NAMES);

/** The contract suite runs from its compiled test files; nothing else of a test is shipped. */
const SUITE_FILES = /^dist\/contract-tests\/(contract|validator)\.test\.(js|d\.ts)$/;

it('ships no test, test helper, fixture, oracle or hostile identity provider in any package', () => {
  expect(Object.keys(packed.files).sort()).toEqual([
    '@course-service/contract-tests',
    '@course-service/mocks',
    '@course-service/sdk',
    '@course-service/server',
  ]);
  for (const [name, files] of Object.entries(packed.files)) {
    const testish = files.filter(
      (path) => /\.test\.|test-support|fixture|oracle|hostile/i.test(path) && !SUITE_FILES.test(path),
    );
    expect([name, testish]).toEqual([name, []]);
  }
});

it("links, in every package's Markdown, only to files inside its own tarball or to absolute URLs", () => {
  for (const name of PACKAGE_NAMES) {
    const unpacked = mkdtempSync(join(packed.work, 'unpacked-'));
    execFileSync('tar', ['-xzf', packed.tarball(name), '-C', unpacked]);
    // remark-validate-links (the repository's link check) on the package alone: a link that leaves
    // the package, or names a missing file or heading, is reported and fails the run.
    const check = spawnSync(
      process.execPath,
      [
        join(ROOT, 'node_modules/remark-cli/cli.js'),
        '.',
        '--no-config',
        '--use',
        `${join(ROOT, 'node_modules/remark-validate-links/index.js')}=repository:false,root:'.'`,
        '--frail',
        '--quiet',
        '--no-stdout',
        '--no-color',
      ],
      { cwd: join(unpacked, 'package'), encoding: 'utf8' },
    );
    expect([name, check.status, check.stderr]).toEqual([name, 0, '']);
  }
});
