// The packed SDK in a fresh project on Node 20 as each module mode takes it: the README's quick start
// run against a real server as an ES module and as CommonJS, and type-checked by TypeScript 5.x
// under each module resolution a project may use, every entry of the package imported.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { install, packPackages } from '../../test-support/packages/packed-packages.ts';
import {
  expectQuickStartOutput,
  QUICK_START,
  quickStartCommonJs,
  quickStartCommonJsTs,
  quickStartEsm,
  runQuickStart,
} from '../../test-support/packages/sdk-quick-start.ts';
import { startCourseServer } from '../../test-support/sdk/servers.ts';

const packed = packPackages('@course-service/sdk');
/** The newest TypeScript 5: the last major with `node10` resolution and a JavaScript compiler API. */
const TYPESCRIPT_5 = 'typescript@5.9.3';

/**
 * Every entry of the package, used: each `@ts-expect-error` holds only if the entry's declarations
 * resolved (a module TypeScript cannot find, or finds without types, is `any`, and they would fail).
 */
const ENTRIES = `import { createCourseClient, type Course } from '@course-service/sdk';
import { courseQueries } from '@course-service/sdk/query';
import { unwrapWebhook } from '@course-service/sdk/webhooks';
import { zCourseCreate } from '@course-service/sdk/zod';
const queries = courseQueries(createCourseClient({ baseUrl: 'http://localhost:3000', apiKey: 'cms_prod_x' }));
export const names = (courses: Course[]): string[] => courses.map((course) => course.name);
// @ts-expect-error: a course has no title
export const title = (course: Course): unknown => course.title;
// @ts-expect-error: a course id is a string
export const options = queries.getCourseOptions(42);
// @ts-expect-error: a course's name is a string
export const named = (): unknown => zCourseCreate.parse({}).name.toFixed();
// @ts-expect-error: a delivery has a body, headers and secrets
export const unwrapped = (): unknown => unwrapWebhook();
`;

/**
 * A strict tsconfig for `module`/`moduleResolution`. `skipLibCheck` as `tsc --init` sets it: checking
 * zod's and Node's declarations too costs seconds a mode; sdk-package.test.ts checks the SDK's own.
 */
const tsconfig = (module: string, moduleResolution: string, emit = false) =>
  JSON.stringify({
    compilerOptions: {
      strict: true,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
      skipLibCheck: true,
      target: 'ES2022',
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      types: ['node'],
      module,
      moduleResolution,
      ...(emit ? { outDir: 'out' } : { noEmit: true }),
    },
    include: ['*.ts'],
  });

let dir: string;
let server: Awaited<ReturnType<typeof startCourseServer>>;
beforeAll(async () => {
  dir = packed.project('sdk-node', {
    'quick-start.mjs': quickStartEsm(),
    'quick-start.cjs': quickStartCommonJs(),
    'quick-start.ts': QUICK_START,
    'entries.ts': ENTRIES,
    'tsconfig.node16.json': tsconfig('node16', 'node16'),
    'tsconfig.nodenext.json': tsconfig('nodenext', 'nodenext'),
    'tsconfig.bundler.json': tsconfig('esnext', 'bundler'),
  });
  // A CommonJS project (no "type": "module") beside it, on the same node_modules.
  const cjs = join(dir, 'cjs');
  mkdirSync(cjs);
  writeFileSync(join(cjs, 'package.json'), JSON.stringify({ name: 'sdk-cjs', private: true }));
  writeFileSync(join(cjs, 'quick-start.ts'), quickStartCommonJsTs());
  writeFileSync(join(cjs, 'entries.ts'), ENTRIES);
  writeFileSync(join(cjs, 'tsconfig.json'), tsconfig('commonjs', 'node10', true));
  install(dir, [
    packed.tarball('@course-service/sdk'),
    TYPESCRIPT_5,
    '@types/node@20.19.43',
    'zod@4.6.7',
    '@tanstack/query-core@5.108.4',
  ]);
  server = await startCourseServer();
}, 180_000);
afterAll(() => server?.close());

/** Runs TypeScript 5 on `project` (a tsconfig in `dir`); what it printed, empty when it compiled. */
async function tsc(project: string): Promise<string> {
  const run = promisify(execFile)(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project], {
    cwd: dir,
    encoding: 'utf8',
  });
  return run.then(
    ({ stdout }) => stdout,
    (error: { stdout: string }) => error.stdout,
  );
}

describe('the packed SDK on Node 20', () => {
  it('runs the quick start as an ES module', async () => {
    expectQuickStartOutput(await runQuickStart(process.execPath, ['quick-start.mjs'], dir, server.url));
  });

  it('runs the quick start as CommonJS, require() loading the ES module', async () => {
    expectQuickStartOutput(await runQuickStart(process.execPath, ['quick-start.cjs'], dir, server.url));
  });
});

describe('the packed SDK with TypeScript 5', () => {
  it('compiles under module commonjs with node10 resolution (types, typesVersions), and the output runs', async () => {
    expect(await tsc('cjs/tsconfig.json')).toBe('');
    const cjs = join(dir, 'cjs');
    expectQuickStartOutput(await runQuickStart(process.execPath, ['out/quick-start.js'], cjs, server.url));
  });

  it('compiles the quick start and every entry under node16, nodenext and bundler resolution', async () => {
    const modes = ['node16', 'nodenext', 'bundler'];
    const errors = await Promise.all(modes.map((mode) => tsc(`tsconfig.${mode}.json`)));
    expect(Object.fromEntries(modes.map((mode, i) => [mode, errors[i]]))).toEqual({
      node16: '',
      nodenext: '',
      bundler: '',
    });
  });
});
