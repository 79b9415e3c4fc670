import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// What `npm run typecheck` (`tsc --noEmit`, then `tsc --noEmit -p runtime`) promises: every file
// is checked, and the runtime is checked without Node's types.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSC = `${ROOT}node_modules/typescript/bin/tsc`;
const FIXTURE = `${ROOT}scripts/fixtures/runtime-types/uses-node-globals.ts`;
const run = promisify(execFile);

/** tsc's diagnostics for `FIXTURE` alone, compiled with the options of the tsconfig `base`. */
async function compileFixture(base: string): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'typecheck-'));
  try {
    const config = join(dir, 'tsconfig.json');
    // Type packages are looked up from the repository, as for its own tsconfig files.
    const compilerOptions = { typeRoots: [`${ROOT}node_modules/@types`] };
    await writeFile(
      config,
      JSON.stringify({ extends: `${ROOT}${base}`, compilerOptions, include: [FIXTURE], exclude: [] }),
    );
    const output = await run(process.execPath, [TSC, '--noEmit', '-p', config]).then(
      ({ stdout }) => stdout,
      (error: { stdout: string }) => error.stdout,
    );
    return output.split('\n').filter((line) => line.includes('error TS'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('the runtime package compiles without Node', { timeout: 120_000 }, () => {
  it('refuses Buffer and process with its own options, which the root accepts', async () => {
    const [runtime, root] = await Promise.all([
      compileFixture('runtime/tsconfig.json'),
      compileFixture('tsconfig.json'),
    ]);
    // TS2580/TS2591: "Cannot find name …. Do you need to install type definitions for node?"
    expect(runtime.map((line) => /error (TS\d+): Cannot find name '(\w+)'/.exec(line)?.slice(1))).toEqual([
      [expect.stringMatching(/^TS(2580|2591)$/), 'Buffer'],
      [expect.stringMatching(/^TS(2580|2591)$/), 'process'],
    ]);
    expect(root).toEqual([]);
  });
});

describe('tsc --noEmit', () => {
  it('checks every TypeScript file in the repository, generated code aside', async () => {
    const { stdout } = await run('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts'], {
      cwd: ROOT,
    });
    const parsed = ts.getParsedCommandLineOfConfigFile(
      `${ROOT}tsconfig.json`,
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
          throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
        },
      },
    );
    const checked = new Set(parsed?.fileNames.map((file) => file.slice(ROOT.length)));
    const files = stdout.split('\n').filter((file) => file && !file.startsWith('sdk/gen/'));
    expect(files.length).toBeGreaterThan(500);
    expect(files.filter((file) => !checked.has(file))).toEqual([]);
  });
});
