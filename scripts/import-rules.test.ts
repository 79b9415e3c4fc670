import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The architecture's import rules (.dependency-cruiser.cjs), checked with dependency-cruiser.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONFIG = `${ROOT}.dependency-cruiser.cjs`;
const BIN = `${ROOT}node_modules/dependency-cruiser/bin/dependency-cruise.mjs`;
const SOURCES = ['runtime', 'server', 'mocks', 'sdk', 'contract-tests', 'dashboard', 'fuzz', 'bench'];

/** The rules `folders` (relative to `cwd`) break, as `rule from → to` lines. */
function violations(cwd: string, folders: string[]): string[] {
  const run = spawnSync(process.execPath, [BIN, ...folders, '--config', CONFIG, '--output-type', 'json'], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.stdout === '') throw new Error(`dependency-cruiser failed: ${run.stderr}`);
  const result = JSON.parse(run.stdout) as {
    summary: { violations: Array<{ rule: { name: string }; from: string; to: string }> };
  };
  return result.summary.violations.map((v) => `${v.rule.name} ${v.from} → ${v.to}`);
}

// dependency-cruiser walks the whole tree in a child process: 18-25 s in CI beside three busy files.
describe('import rules', { timeout: 120_000 }, () => {
  it('hold for the whole tree: the core imports no transport, no folder or file imports back', () => {
    expect(violations(ROOT, SOURCES)).toEqual([]);
  });

  it('catch a core that uses Node or an adapter, mocks that use the server, a delivery engine that uses Node or the server, a bench that reaches inside the server, and folders and files that import each other', () => {
    const found = violations(`${ROOT}scripts/fixtures/import-rules`, [
      'runtime',
      'bench',
      'mocks',
      'server',
      'left',
      'right',
    ]);
    const rules = new Set(found.map((line) => line.split(' ')[0]));
    expect([...rules].sort()).toEqual([
      'bench-uses-public-entries',
      'core-imports-no-transport',
      'core-imports-only-core-and-domain',
      'mocks-import-no-server',
      'no-file-cycles',
      'no-folder-cycles',
      'webhooks-import-no-node',
      'webhooks-run-anywhere',
    ]);
    expect(found).toContain('core-imports-no-transport runtime/core/reads-files.fixture.ts → fs');
    expect(found).toContain('webhooks-import-no-node runtime/webhooks/sends-with-node.fixture.ts → https');
    expect(found).toContain(
      'mocks-import-no-server mocks/knows-the-server.fixture.ts → server/port.fixture.ts',
    );
    expect(found).toContain(
      'bench-uses-public-entries bench/reaches-inside.fixture.ts → server/port.fixture.ts',
    );
  });
});
