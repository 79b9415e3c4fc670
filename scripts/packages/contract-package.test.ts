import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  install,
  installedPackages,
  packPackages,
  strictTsconfig,
  typecheck,
} from '../../test-support/packages/packed-packages.ts';
import { contractCheck } from './contract-check.fixture.ts';

const packed = packPackages('@course-service/contract-tests');
const check = contractCheck(packed.work);

describe('@course-service/contract-tests, installed from its tarball', () => {
  it('adds only its own few dependencies (no server, no msw) beside vitest, its peer, and compiles strictly', () => {
    const dir = packed.project('contract-consumer', {
      'tsconfig.json': strictTsconfig(['node']),
      'use.ts': `import { createResponseValidator, loadContractSpec, type ResponseSnapshot } from '@course-service/contract-tests';
const spec = loadContractSpec();
const health = spec.find('GET', '/healthz');
export const check = (snapshot: ResponseSnapshot): string[] => (health ? createResponseValidator(spec).validate(health, snapshot) : []);
`,
    });
    install(dir, ['vitest@4.1.12', '@types/node@20.19.43']);
    const before = installedPackages(dir);
    install(dir, [packed.tarball('@course-service/contract-tests')]);
    const added = [...installedPackages(dir)].filter((name) => !before.has(name));
    const manifest = JSON.parse(
      readFileSync(join(dir, 'node_modules/@course-service/contract-tests/package.json'), 'utf8'),
    ) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies).sort()).toEqual([
      'ajv',
      'ajv-formats',
      'jose',
      'standardwebhooks',
      'yaml',
    ]);
    expect(added).toContain('@course-service/contract-tests');
    expect(
      added.filter((name) =>
        /^(koa|pg|ioredis|sql\.js|msw|openapi-backend|@modelcontextprotocol\/)/.test(name),
      ),
    ).toEqual([]);
    // standardwebhooks brings two small packages of its own (@stablelib/base64, fast-sha256).
    expect(added.length).toBeLessThanOrEqual(13);
    expect(typecheck(dir)).toBe('');
  });

  it('checks a running server with vitest 4 on Node 20, writing the JUnit and JSON reports', () => {
    const { status, output, report } = check(join(packed.work, 'contract-consumer'), false);
    expect(status, output).toBe(0);
    expect(report.passed).toBe(true);
    expect(readFileSync(join(packed.work, 'contract-consumer', 'contract.xml'), 'utf8')).toMatch(
      /<testsuites[^>]* failures="0"/,
    );
  });

  it('refuses to run without a base URL in one line, and compares two specs with diff', () => {
    const dir = join(packed.work, 'contract-consumer');
    const bin = join(dir, 'node_modules/@course-service/contract-tests/dist/contract-tests/cli.js');
    const env = { ...process.env, CONTRACT_BASE_URL: '' };
    const alone = spawnSync(process.execPath, [bin], { cwd: dir, encoding: 'utf8', env });
    expect([alone.status, alone.stdout, alone.stderr]).toEqual([
      64,
      '',
      'course-contract: no server to check: give its URL with --base-url URL (or CONTRACT_BASE_URL)\n',
    ]);
    const spec = 'node_modules/@course-service/contract-tests/dist/openapi.yaml';
    const diff = spawnSync(process.execPath, [bin, 'diff', '--fail-on', 'breaking', spec, spec], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect([diff.status, diff.stdout]).toEqual([
      0,
      `${spec} → ${spec}: 0 changes: 0 breaking, 0 possibly breaking, 0 safe\n`,
    ]);
  });
});
