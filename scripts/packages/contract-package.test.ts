import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  install,
  installedPackages,
  packPackages,
  strictTsconfig,
  typecheck,
} from '../../test-support/packages/packed-packages.ts';
import { startServerProcess } from '../../test-support/server/server-process.ts';
import { contractCheck } from './contract-check.fixture.ts';
import {
  checkout,
  idTokenScript,
  runWorkflowStep,
  STEP_TIMEOUT_MS,
  startProductionStandIns,
  UNRESOLVABLE_WEBHOOK_URL,
  writeScript,
} from './contract-recipe.fixture.ts';

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

  // The three runs below go side by side (each mostly waits on its server), after the install.
  it.concurrent('checks a running server with vitest 4 on Node 20, writing the JUnit and JSON reports', {
    timeout: STEP_TIMEOUT_MS + 30_000,
  }, async () => {
    const { status, output, report } = await check(join(packed.work, 'contract-consumer'), false);
    expect(status, output).toBe(0);
    expect(report.passed).toBe(true);
    expect(readFileSync(join(packed.work, 'contract-consumer', 'contract.xml'), 'utf8')).toMatch(
      /<testsuites[^>]* failures="0"/,
    );
  });

  // The guide's staging workflow, its contract step run as a CI runner would, with the runner's
  // values for its expressions, against a production-mode server: an external identity provider (a
  // stand-in on loopback), private webhook URLs refused, a webhook URL whose host does not resolve,
  // and the scanner's keys from a local URL. Failed authentication is unlimited on this server: the
  // run above paces itself by the default limit already.
  it.concurrent("runs the guide's staging workflow step as written against a production-mode server", {
    timeout: STEP_TIMEOUT_MS + 30_000,
  }, async () => {
    const dir = checkout(packed.work, 'staging-checkout', 'contract-consumer');
    const standIns = await startProductionStandIns();
    const server = await startServerProcess({
      ...standIns.serverEnv,
      LOG_LEVEL: 'info',
      DATA_DIR: mkdtempSync(join(packed.work, 'production-data-')),
      AUTH_FAILURE_LIMIT_MAX: '1000000',
    });
    try {
      writeScript(
        dir,
        'scripts/staging-id-token.sh',
        idTokenScript(standIns.tokenUrl, 'STAGING_IDP_CLIENT_SECRET'),
      );
      const run = await runWorkflowStep(dir, 'contract', {
        'vars.STAGING_URL': server.url,
        'vars.CONTRACT_WEBHOOK_URL': UNRESOLVABLE_WEBHOOK_URL,
        'secrets.STAGING_IDP_CLIENT_SECRET': standIns.clientSecret,
      });
      expect(run.code, run.output).toBe(0);
      expect(run.output).toMatch(/Preflight: the target has all 4 prerequisites of the run/);
      const report = JSON.parse(readFileSync(join(dir, 'reports/contract.json'), 'utf8'));
      expect(report.passed).toBe(true);
      expect(readFileSync(join(dir, 'reports/contract.xml'), 'utf8')).toMatch(
        /<testsuites[^>]* failures="0"/,
      );
    } finally {
      await server.stop();
      await standIns.close();
    }
  });

  // The guide's preview workflow, its contract step as written, against a development server with
  // nothing set (its own, so that it waits out a failed-authentication window of its own), its
  // tokens from the development identity provider.
  it.concurrent("runs the guide's preview workflow step as written against a development server", {
    timeout: STEP_TIMEOUT_MS + 30_000,
  }, async () => {
    const dir = checkout(packed.work, 'preview-checkout', 'contract-consumer');
    const server = await startServerProcess({ DATA_DIR: mkdtempSync(join(packed.work, 'preview-data-')) });
    try {
      writeScript(dir, 'scripts/preview-id-token.sh', idTokenScript(`${server.url}/dev/token`));
      const run = await runWorkflowStep(dir, 'contract-preview', {
        'needs.preview.outputs.url': server.url,
        'vars.CONTRACT_WEBHOOK_URL': UNRESOLVABLE_WEBHOOK_URL,
        'secrets.PREVIEW_IDP_CLIENT_SECRET': 'unused by the development provider',
      });
      expect(run.code, run.output).toBe(0);
      expect(run.output).toMatch(/Preflight: the target has all 4 prerequisites of the run/);
      expect(JSON.parse(readFileSync(join(dir, 'reports/contract.json'), 'utf8')).passed).toBe(true);
    } finally {
      await server.stop();
    }
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
