import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type BuildOptions, build, transformSync } from 'esbuild';
import { expect } from 'vitest';
import { ROOT } from './packed-packages.ts';

// The SDK README's first example (sdk/examples/quick-start.ts, which the README shows verbatim), as
// each runtime and module mode takes it. Every form is made from that file, so it stays the README's.

/** The quick start as a user saves it: a TypeScript ES module with top-level await. */
export const QUICK_START = readFileSync(join(ROOT, 'sdk/examples/quick-start.ts'), 'utf8').replaceAll(
  "'../index.ts'",
  "'@course-service/sdk'",
);

const firstStatement = QUICK_START.search(/^(?!import )\S/m);
const IMPORTS = QUICK_START.slice(0, firstStatement).trim();
const BODY = QUICK_START.slice(firstStatement).trim();
const stripTypes = (source: string, format: 'esm' | 'cjs') =>
  transformSync(source, { loader: 'ts', format }).code;

/** Its statements in an async function (what a module without top-level await needs). */
const inFunction = (head: string, before = '', after = '') => `${head} {\n${before}${BODY}\n${after}}`;

/** The quick start in plain JavaScript for Node, as an ES module (`.mjs`). */
export const quickStartEsm = () => stripTypes(QUICK_START, 'esm');

/** The quick start in TypeScript for a CommonJS project: `import`s, its statements in `main()`. */
export const quickStartCommonJsTs = () =>
  `${IMPORTS}\n\n${inFunction('async function main(): Promise<void>')}\n\nmain().catch((error: unknown) => {\n  console.error(error);\n  process.exitCode = 1;\n});\n`;

/** The quick start in plain JavaScript for Node, as CommonJS (`.cjs`): `require`, no top-level await. */
export const quickStartCommonJs = () =>
  stripTypes(
    quickStartCommonJsTs().replace(/^import (\{[^}]*\}) from ('[^']+');$/gm, 'const $1 = require($2);'),
    'cjs',
  );

/**
 * The quick start as a function `quickStart()` that returns the lines it logs, for the runtimes
 * that run a handler rather than a program (a browser page, an edge function, a Worker). They have
 * no `process`: {@link bundleQuickStart} fills in the server's URL.
 */
const QUICK_START_FUNCTION = `${IMPORTS}\n\n${inFunction(
  'export async function quickStart(): Promise<string[]>',
  '  const lines: string[] = [];\n  const console = { log: (...args: unknown[]) => lines.push(args.join(" ")) };\n',
  '  return lines;\n',
)}\n`;

/**
 * Bundles `entry`, a module that imports `quickStart` from `./quick-start.ts` (the quick start as a
 * function), with the SDK installed in `dir`, for the server at `baseUrl`; the bundle's text.
 */
export async function bundleQuickStart(
  dir: string,
  entry: string,
  baseUrl: string,
  options: BuildOptions,
): Promise<string> {
  const result = await build({
    stdin: { contents: entry, resolveDir: dir, loader: 'ts' },
    plugins: [
      {
        name: 'quick-start',
        setup(plugin) {
          plugin.onResolve({ filter: /^\.\/quick-start\.ts$/ }, () => ({
            path: 'quick-start',
            namespace: 'qs',
          }));
          plugin.onLoad({ filter: /.*/, namespace: 'qs' }, () => ({
            contents: QUICK_START_FUNCTION,
            loader: 'ts',
            resolveDir: dir,
          }));
        },
      },
    ],
    bundle: true,
    write: false,
    logLevel: 'silent',
    define: { 'process.env.COURSE_SERVICE_URL': JSON.stringify(baseUrl) },
    ...options,
  });
  const output = result.outputFiles?.[0];
  if (!output) throw new Error('esbuild wrote nothing');
  return output.text;
}

/** Runs `command` (asynchronously: the server answering it runs in this process) and returns its standard output. */
export async function runQuickStart(
  command: string,
  args: string[],
  cwd: string,
  baseUrl: string,
  env: Record<string, string> = {},
): Promise<string[]> {
  const { stdout } = await promisify(execFile)(command, args, {
    cwd,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, COURSE_SERVICE_URL: baseUrl, ...env },
  });
  return stdout.trim().split('\n');
}

/** What the quick start logs against the service: a published course, then the key it made. */
export function expectQuickStartOutput(lines: string[]): void {
  expect(lines).toEqual([
    expect.stringMatching(/^crs_\w{16} published$/),
    expect.stringMatching(/^export COURSE_SERVICE_API_KEY=cms_prod_\w{32}$/),
  ]);
}
