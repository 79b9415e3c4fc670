import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';

// The packages as a user gets them: packed from this repository (each `prepack` builds it), then
// installed from the tarballs into fresh projects, with the registry for their dependencies. Each
// test file of `scripts/packages/` packs what it installs, so the files run side by side.

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
// npm's own script, so that it can also run under another Node (one that msw 3 accepts).
const NPM_CLI = realpathSync(execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim());

/** The workspaces, by package name. */
const WORKSPACES = {
  '@course-service/sdk': 'sdk',
  '@course-service/mocks': 'mocks',
  '@course-service/server': 'server',
  '@course-service/contract-tests': 'contract-tests',
} as const;
export type PackageName = keyof typeof WORKSPACES;
export const PACKAGE_NAMES = Object.keys(WORKSPACES) as PackageName[];

/**
 * Runs npm in `cwd` (under Node 24 from the registry when `node24`) and returns what it printed on
 * standard output and on standard error; fails with both when npm fails.
 */
function npm(cwd: string, args: string[], node24 = false): { out: string; err: string } {
  const [command, prefix] = node24 ? ['npx', ['-y', 'node@24', NPM_CLI]] : [process.execPath, [NPM_CLI]];
  const run = spawnSync(command as string, [...(prefix as string[]), ...args, '--no-audit', '--no-fund'], {
    cwd,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`npm ${args.join(' ')} failed:\n${run.stdout}\n${run.stderr}`);
  return { out: run.stdout, err: run.stderr };
}

/**
 * Installs `specs` into `project` and returns how many packages npm added. No package may be
 * refused by the engines it declares (EBADENGINE) on the Node that installs it.
 */
export function install(project: string, specs: string[], node24 = false): number {
  const { out, err } = npm(project, ['install', '--json', ...specs], node24);
  expect(out + err).not.toMatch(/EBADENGINE/);
  return (JSON.parse(out.slice(out.indexOf('{'))) as { added: number }).added;
}

/** The packages installed in `dir`'s node_modules, scoped ones as `@scope/name`. */
export function installedPackages(dir: string): Set<string> {
  const { out } = npm(dir, ['ls', '--all', '--parseable']);
  return new Set(
    out
      .split('\n')
      .filter((line) => line.includes('node_modules/'))
      .map((line) => line.slice(line.lastIndexOf('node_modules/') + 'node_modules/'.length)),
  );
}

/** A strict tsconfig that also checks the installed packages' declarations. */
export const strictTsconfig = (types: string[]) =>
  JSON.stringify({
    compilerOptions: {
      strict: true,
      skipLibCheck: false,
      noEmit: true,
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      types,
    },
    include: ['*.ts'],
  });

/** Type-checks `dir` with this repository's TypeScript; the errors, if any. */
export function typecheck(dir: string): string {
  try {
    execFileSync(process.execPath, [TSC, '-p', dir], { encoding: 'utf8', stdio: 'pipe' });
    return '';
  } catch (error) {
    return (error as { stdout: string }).stdout;
  }
}

/** What a test file of the packages works with: its scratch folder and the tarballs it packed. */
export interface PackedPackages {
  /** The file's scratch folder, removed after it. */
  readonly work: string;
  /** The paths of the files in each packed package. */
  readonly files: Partial<Record<PackageName, string[]>>;
  /** The tarball of `name`, which the file packed. */
  tarball(name: PackageName): string;
  /** A fresh project (an ES module package) in the scratch folder, with `files`. */
  project(name: string, files?: Record<string, string>): string;
}

/**
 * Packs `names` before the file's tests (from a copy of the repository: each prepack deletes and
 * rebuilds its package's `dist`, where other test files of the same run serve the dashboard and
 * the API reference from) and removes the scratch folder after them.
 */
export function packPackages(...names: PackageName[]): PackedPackages {
  const work = mkdtempSync(join(tmpdir(), 'course-packages-'));
  const tarballs: Partial<Record<PackageName, string>> = {};
  const packed: PackedPackages = {
    work,
    files: {},
    tarball(name) {
      const path = tarballs[name];
      if (!path) throw new Error(`${name} was not packed by this file`);
      return path;
    },
    project(name, files = {}) {
      const dir = join(work, name);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }));
      for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
      return dir;
    },
  };
  beforeAll(() => {
    const workspaces = names.flatMap((name) => ['-w', WORKSPACES[name]]);
    const { out } = npm(sourceCopy(work), ['pack', ...workspaces, '--pack-destination', work, '--json']);
    // The builds (prepack) print first; the JSON list of tarballs comes last.
    const list = JSON.parse(out.slice(out.lastIndexOf('\n[') + 1)) as Array<{
      name: PackageName;
      filename: string;
      files: Array<{ path: string }>;
    }>;
    for (const { name, filename, files } of list) {
      tarballs[name] = join(work, filename);
      packed.files[name] = files.map((file) => file.path);
    }
  }, 300_000);
  // Installed projects are many thousands of files: removed off the event loop, with time to spare
  // on a busy machine (a synchronous removal once overran the hook's default minute).
  afterAll(() => rm(work, { recursive: true, force: true }), 300_000);
  return packed;
}

/** A copy of the repository's sources in `work`, on the repository's node_modules, to pack from. */
function sourceCopy(work: string): string {
  const copy = join(work, 'source');
  const skipped = /(^|\/)(node_modules|dist|data|coverage|\.git|\.tmp)$/;
  cpSync(ROOT, copy, { recursive: true, filter: (path) => !skipped.test(relative(ROOT, path)) });
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
  return copy;
}
