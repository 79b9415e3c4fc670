import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import { npm } from './npm.ts';
import { packedOnce } from './packed-once.ts';

// The packages as a user gets them: packed from this repository (each `prepack` builds it), then
// installed from the tarballs into fresh projects, with the registry for their dependencies. Each
// package is packed once per run, by the first test file of `scripts/packages/` that installs it.

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

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
  /** The tarball of `name`, one of the packages the file asked for. */
  tarball(name: PackageName): string;
  /** A fresh project (an ES module package) in the scratch folder, with `files`. */
  project(name: string, files?: Record<string, string>): string;
}

/**
 * Gets the tarballs of `names` before the file's tests (packed once per run: see
 * {@link packedOnce}), gives the file a scratch folder for its projects, and removes it after them.
 */
export function packPackages(...names: PackageName[]): PackedPackages {
  const work = mkdtempSync(join(tmpdir(), 'course-packages-'));
  const tarballs: Partial<Record<PackageName, string>> = {};
  const packed: PackedPackages = {
    work,
    files: {},
    tarball(name) {
      const path = tarballs[name];
      if (!path) throw new Error(`${name} is not among the packages this file asked for`);
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
  beforeAll(async () => {
    for (const name of names) {
      const { tarball, files } = await packedOnce(WORKSPACES[name]);
      tarballs[name] = tarball;
      packed.files[name] = files;
    }
  }, 300_000);
  afterAll(() => rm(work, { recursive: true, force: true }), 300_000);
  return packed;
}
