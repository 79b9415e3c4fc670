// Over 300 lines on purpose: every check shares one `npm pack` of the four packages (their builds,
// three of them bundles with their types, take a minute or more), so the checks of all four live
// beside that one pack.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserBundle, SDK_MAIN_BUDGET_BYTES } from '../test-support/sdk/sdk-bundle.ts';
import { type ServerProcess, startServerProcess } from '../test-support/server/server-process.ts';

// The packages as a user gets them: packed from this repository (each `prepack` builds it), then
// installed from the tarballs into fresh projects, with the registry for their dependencies.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
const work = mkdtempSync(join(tmpdir(), 'course-packages-'));
const tarballs: Record<string, string> = {};
const packedFiles: Record<string, string[]> = {};

// npm's own script, so that it can also run under another Node (one that msw 3 accepts).
const NPM_CLI = realpathSync(execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim());

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
function install(project: string, specs: string[], node24 = false): number {
  const { out, err } = npm(project, ['install', '--json', ...specs], node24);
  expect(out + err).not.toMatch(/EBADENGINE/);
  return (JSON.parse(out.slice(out.indexOf('{'))) as { added: number }).added;
}

/** A fresh project (an ES module package) with `files`. */
function project(name: string, files: Record<string, string> = {}): string {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }));
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  return dir;
}

/** A strict tsconfig that also checks the installed packages' declarations. */
const strictTsconfig = (types: string[]) =>
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
function typecheck(dir: string): string {
  try {
    execFileSync(process.execPath, [TSC, '-p', dir], { encoding: 'utf8', stdio: 'pipe' });
    return '';
  } catch (error) {
    return (error as { stdout: string }).stdout;
  }
}

/**
 * A copy of the repository's sources, on the repository's node_modules, to pack from: each prepack
 * deletes and rebuilds its package's `dist`, where other test files of the same run serve the
 * dashboard and the API reference from and build them into.
 */
function sourceCopy(): string {
  const copy = join(work, 'source');
  const skipped = /(^|\/)(node_modules|dist|data|coverage|\.git|\.tmp)$/;
  cpSync(ROOT, copy, { recursive: true, filter: (path) => !skipped.test(relative(ROOT, path)) });
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
  return copy;
}

beforeAll(() => {
  const { out: output } = npm(sourceCopy(), [
    'pack',
    '-w',
    'sdk',
    '-w',
    'mocks',
    '-w',
    'server',
    '-w',
    'contract-tests',
    '--pack-destination',
    work,
    '--json',
  ]);
  // The builds (prepack) print first; the JSON list of tarballs comes last.
  const packed = JSON.parse(output.slice(output.lastIndexOf('\n[') + 1)) as Array<{
    name: string;
    filename: string;
    files: Array<{ path: string }>;
  }>;
  for (const { name, filename, files } of packed) {
    tarballs[name] = join(work, filename);
    packedFiles[name] = files.map((file) => file.path);
  }
}, 300_000);
// Seven installed projects are many thousands of files: removed off the event loop, with time to
// spare on a busy machine (a synchronous removal once overran the hook's default minute).
afterAll(() => rm(work, { recursive: true, force: true }), 300_000);

/** The contract suite runs from its compiled test files; nothing else of a test is shipped. */
const SUITE_FILES = /^dist\/contract-tests\/(contract|validator)\.test\.(js|d\.ts)$/;

it('ships no test, test helper, fixture, oracle or hostile identity provider in any package', () => {
  expect(Object.keys(packedFiles).sort()).toEqual([
    '@course-service/contract-tests',
    '@course-service/mocks',
    '@course-service/sdk',
    '@course-service/server',
  ]);
  for (const [name, files] of Object.entries(packedFiles)) {
    const testish = files.filter(
      (path) => /\.test\.|test-support|fixture|oracle|hostile/i.test(path) && !SUITE_FILES.test(path),
    );
    expect([name, testish]).toEqual([name, []]);
  }
});

it("links, in every package's Markdown, only to files inside its own tarball or to absolute URLs", () => {
  for (const [name, tarball] of Object.entries(tarballs)) {
    const unpacked = mkdtempSync(join(work, 'unpacked-'));
    execFileSync('tar', ['-xzf', tarball, '-C', unpacked]);
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

describe('@course-service/sdk, installed from its tarball', () => {
  let dir: string;

  it('adds exactly one package, and a strict TypeScript project compiles against it', () => {
    dir = project('sdk-consumer', {
      'tsconfig.json': strictTsconfig([]),
      'use.ts': `import { createCourseClient, NotFoundError, type Course } from '@course-service/sdk';
const client = createCourseClient({ baseUrl: 'http://localhost:3000', apiKey: 'cms_prod_x' });
export async function names(): Promise<string[]> {
  const page = await client.courses.listPage({ limit: 5 });
  return page.data.map((course: Course) => course.name);
}
export const isMissing = (error: unknown): boolean => error instanceof NotFoundError;
`,
    });
    expect(install(dir, [tarballs['@course-service/sdk'] as string])).toBe(1);
    expect(typecheck(dir)).toBe('');
  });

  it('bundles its main entry without either companion’s peer (neither is installed), within its budget', async () => {
    expect([...installedPackages(dir)].filter((name) => /^(zod|@tanstack\/)/.test(name))).toEqual([]);
    const main = await browserBundle({
      stdin: { contents: "export * from '@course-service/sdk';", resolveDir: dir },
    });
    expect(main.gzipped).toBeLessThanOrEqual(SDK_MAIN_BUDGET_BYTES);
  });

  it('verifies a webhook delivery through its webhooks entry, with nothing else installed', () => {
    // Signed by Node's own HMAC, independently of the SDK and of standardwebhooks.
    writeFileSync(
      join(dir, 'webhooks.mjs'),
      `import { createHmac, randomBytes } from 'node:crypto';
import { CourseServiceError } from '@course-service/sdk';
import { unwrapWebhook, WebhookVerificationError } from '@course-service/sdk/webhooks';
const key = randomBytes(24);
const body = JSON.stringify({ id: 'evt_1', type: 'webhook.test', timestamp: '2026-11-29T09:00:00Z', environment: 'prod', data: { endpointId: 'whe_1' } });
const timestamp = String(Math.floor(Date.now() / 1000));
const signature = createHmac('sha256', key).update(\`evt_1.\${timestamp}.\${body}\`).digest('base64');
const headers = { 'webhook-id': 'evt_1', 'webhook-timestamp': timestamp, 'webhook-signature': \`v1,\${signature}\` };
const event = await unwrapWebhook(Buffer.from(body), headers, \`whsec_\${key.toString('base64')}\`);
const forged = await unwrapWebhook(body, headers, \`whsec_\${randomBytes(24).toString('base64')}\`).catch((e) => e);
console.log(JSON.stringify({ type: event.type, code: forged.code, typed: forged instanceof WebhookVerificationError && forged instanceof CourseServiceError }));
`,
    );
    expect(
      JSON.parse(execFileSync(process.execPath, ['webhooks.mjs'], { cwd: dir, encoding: 'utf8' })),
    ).toEqual({ type: 'webhook.test', code: 'invalid_signature', typed: true });
  });

  it('with zod and @tanstack/query-core beside it, its companions compile strictly and run', () => {
    install(dir, ['zod@4.6.7', '@tanstack/query-core@5.108.4']);
    writeFileSync(
      join(dir, 'companions.ts'),
      `import { QueryClient } from '@tanstack/query-core';
import { type Course, createCourseClient } from '@course-service/sdk';
import { courseQueries } from '@course-service/sdk/query';
import { zCourseCreate, zListCoursesQuery } from '@course-service/sdk/zod';
const queries = courseQueries(createCourseClient({ baseUrl: 'http://localhost:3000', apiKey: 'cms_prod_x' }));
const list = queries.listCoursesOptions({ limit: 5 });
export const cached = (client: QueryClient): Course[] | undefined => client.getQueryData(list.queryKey)?.data;
export const create = queries.createCourseMutation();
export const pages = queries.listCoursesInfiniteOptions({ status: 'draft' });
export const valid: boolean = zCourseCreate.safeParse({ name: 'A', description: '' }).success;
export const limit: number = zListCoursesQuery.parse({}).limit;
`,
    );
    expect(typecheck(dir)).toBe('');
    writeFileSync(
      join(dir, 'companions.mjs'),
      `import { courseQueries } from '@course-service/sdk/query';
import { createCourseClient } from '@course-service/sdk';
import { zCourseCreate } from '@course-service/sdk/zod';
const queries = courseQueries(createCourseClient({ baseUrl: 'http://localhost:3000', apiKey: 'cms_prod_x' }));
console.log(JSON.stringify({
  key: queries.listCoursesInfiniteOptions({ limit: 5 }).queryKey,
  refused: zCourseCreate.safeParse({ name: '', description: '' }).success,
}));
`,
    );
    expect(
      JSON.parse(execFileSync(process.execPath, ['companions.mjs'], { cwd: dir, encoding: 'utf8' })),
    ).toEqual({
      // The environment of a value not shaped like a key is undefined, which JSON leaves out.
      key: ['course-service', 'listCourses', { limit: 5 }, 'infinite', { baseUrl: 'http://localhost:3000' }],
      refused: false,
    });
  });
});

/** A consumer's test of its code against the mocks: the SDK's retries through forced failures (429 and 503 with Retry-After, 500, a network error), and a webhook delivered signed. */
const RETRIES = `import { setupServer } from 'msw/node';
import { createCourseClient } from '@course-service/sdk';
import { createCourseServiceMock, mockApiKey } from '@course-service/mocks';

const apiKey = mockApiKey('consumer');
const received = [];
const mock = createCourseServiceMock({
  baseUrl: 'http://courses.test',
  apiKeys: [{ key: apiKey }],
  webhooks: { deliver: async (request) => { received.push([await request.text(), request.headers]); return new Response(null, { status: 204 }); } },
});
const server = setupServer(...mock.handlers);
server.listen({ onUnhandledRequest: 'error' });
const client = createCourseClient({ baseUrl: mock.baseUrl, apiKey });
const { secret } = await client.webhookEndpoints.create({ url: 'https://app.example/hooks' });
mock.scenario('createCourse').rateLimited({ retryAfter: 1, times: 1 });
const created = await client.courses.create({ name: 'Retried', description: 'after a 429' });
mock.scenario('getCourse').serverError({ times: 1 });
const read = await client.courses.get(created.id);
mock.scenario('listCourses').unavailable({ retryAfter: 1, times: 1 }).networkError({ times: 1 });
const page = await client.courses.listPage();
// The packed mocks sign deliveries (standardwebhooks is bundled in): the SDK verifies them.
await mock.webhooks.settle();
const delivered = await Promise.all(received.map(([body, headers]) => client.webhooks.unwrap(body, headers, secret)));
server.close();
console.log(JSON.stringify({ created: created.name, read: read.id === created.id, listed: page.data.length, delivered: delivered.map((event) => event.type) }));
`;

describe('@course-service/mocks, installed from its tarball', () => {
  let dir: string;
  beforeAll(() => {
    dir = project('mocks-consumer', { 'retries.mjs': RETRIES, 'tsconfig.json': strictTsconfig(['node']) });
    install(dir, ['msw@2.15.0', '@types/node@20.19.43']);
  }, 180_000);

  it('adds only itself beside msw (a peer), and a strict TypeScript project compiles against it', () => {
    expect(install(dir, [tarballs['@course-service/mocks'] as string])).toBe(1);
    writeFileSync(
      join(dir, 'use.ts'),
      `import { setupServer } from 'msw/node';
import { createCourseServiceMock, mockApiKey, type CourseServiceMockOptions } from '@course-service/mocks';
const options: CourseServiceMockOptions = { baseUrl: 'http://localhost:3000', apiKeys: [{ key: mockApiKey('a'), scopes: ['courses:read'] }] };
const mock = createCourseServiceMock(options);
export const server = setupServer(...mock.handlers);
mock.scenario('listCourses').delay(10, { times: 1 });
export const created = (): unknown => mock.requests.find({ operationId: 'createCourse' })?.body;
// @ts-expect-error: operationIds are the spec's, so a typo does not compile.
mock.requests.find({ operationId: 'createCourses' });
`,
    );
    expect(typecheck(dir)).toBe('');
  });

  it("lets the SDK's retries through a 429, a 500, a 503 and a network error, and verifies a delivered webhook, on msw 2 (Node 20)", () => {
    install(dir, [tarballs['@course-service/sdk'] as string]);
    const output = execFileSync(process.execPath, ['retries.mjs'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(JSON.parse(output)).toEqual({
      created: 'Retried',
      read: true,
      listed: 1,
      delivered: ['course.created'],
    });
  });

  it('does the same on msw 3, which needs Node 22 or later (Node 24 from the registry)', () => {
    const three = project('mocks-consumer-msw3', { 'retries.mjs': RETRIES });
    install(three, ['msw@3', tarballs['@course-service/sdk'] as string], true);
    install(three, [tarballs['@course-service/mocks'] as string], true);
    const output = execFileSync('npx', ['-y', 'node@24', 'retries.mjs'], {
      cwd: three,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(JSON.parse(output.trim().split('\n').at(-1) ?? '')).toEqual({
      created: 'Retried',
      read: true,
      listed: 1,
      delivered: ['course.created'],
    });
  });
});

describe('@course-service/server, installed from its tarball (no development dependency)', () => {
  let dir: string;
  let bin: string;
  beforeAll(() => {
    dir = project('server-consumer', { 'tsconfig.json': strictTsconfig(['node']) });
    install(dir, [tarballs['@course-service/server'] as string, '@types/node@20.19.43']);
    bin = join(dir, 'node_modules/.bin/course-service');
  }, 240_000);

  /** Runs the command and returns its exit status and output. */
  const run = (args: string[]) => {
    try {
      return {
        status: 0,
        out: execFileSync(bin, args, {
          encoding: 'utf8',
          stdio: 'pipe',
          env: { ...process.env, DATA_DIR: dir },
        }),
      };
    } catch (error) {
      const { status, stdout, stderr } = error as { status: number; stdout: string; stderr: string };
      return { status, out: stdout + stderr };
    }
  };

  it("answers --help, --version, a command's --help, and refuses an unknown option in one line", () => {
    expect(run(['--help'])).toMatchObject({
      status: 0,
      out: expect.stringMatching(/^Usage: course-service \[command\]/),
    });
    expect(run(['--version']).out.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(run(['token', '--help'])).toMatchObject({
      status: 0,
      out: expect.stringMatching(/^Usage: course-service token/),
    });
    const bogus = run(['--bogus']);
    expect(bogus.status).toBe(64);
    expect(bogus.out).toBe("course-service: unknown option '--bogus' (see course-service --help)\n");
  });

  it('serves the landing page, the API reference and the dashboard, and stops gracefully on SIGTERM', async () => {
    const child: ChildProcess = spawn(bin, ['serve'], {
      env: { ...process.env, PORT: '0', LOG_FORMAT: 'json', DATA_DIR: mkdtempSync(join(dir, 'data-')) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines: string[] = [];
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        const listening = lines.map((line) => JSON.parse(line)).find((line) => line.docs);
        if (listening) resolve(new URL(listening.docs).origin);
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${lines.join('\n')}`)));
    });
    for (const path of ['/', '/docs', '/dashboard/', '/healthz']) {
      const response = await fetch(`${url}${path}`);
      await response.arrayBuffer();
      expect([path, response.status]).toEqual([path, 200]);
    }
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(lines.map((line) => JSON.parse(line).msg)).toContain('stopped');
  });

  it('is embeddable: a strict TypeScript project compiles against its types', () => {
    writeFileSync(
      join(dir, 'embed.ts'),
      `import type { Middleware } from 'koa';
import { createApp, loadConfig, startServer, type RunningServer } from '@course-service/server';
const poweredBy: Middleware = async (ctx, next) => { await next(); ctx.set('X-Powered-By', 'us'); };
export const start = (): Promise<RunningServer> => startServer({ env: { DATA_DIR: ':memory:' }, middleware: [poweredBy] });
export const config = loadConfig({ DATA_DIR: ':memory:' });
export type App = Awaited<ReturnType<typeof createApp>>;
`,
    );
    expect(typecheck(dir)).toBe('');
  });
});

/** The packages installed in `dir`'s node_modules, scoped ones as `@scope/name`. */
function installedPackages(dir: string): Set<string> {
  const { out } = npm(dir, ['ls', '--all', '--parseable']);
  return new Set(
    out
      .split('\n')
      .filter((line) => line.includes('node_modules/'))
      .map((line) => line.slice(line.lastIndexOf('node_modules/') + 'node_modules/'.length)),
  );
}

describe('@course-service/contract-tests, installed from its tarball', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    // A real server to check, with room for the suite's deliberate failed authentications.
    // No secret scanner to reach here: its published keys are an empty list, as the suite's own target has them.
    // Without --webhook-url the suite registers its own receiver on loopback, which the server must allow.
    server = await startServerProcess({
      DATA_DIR: mkdtempSync(join(work, 'contract-data-')),
      AUTH_FAILURE_LIMIT_MAX: '1000000',
      SECRET_SCANNING_KEYS_URL: 'data:application/json,{"public_keys":[]}',
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    });
  }, 60_000);
  afterAll(() => server?.stop());

  /** Runs `course-contract` against the server; its status, output and the JSON report it wrote. */
  function check(dir: string, node24: boolean) {
    const [command, prefix] = node24 ? ['npx', ['-y', 'node@24']] : [process.execPath, []];
    const bin = join(dir, 'node_modules/@course-service/contract-tests/dist/contract-tests/cli.js');
    const args = ['--base-url', server.url, '--junit', 'contract.xml', '--report', 'contract.json'];
    const run = spawnSync(command as string, [...(prefix as string[]), bin, ...args], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 200_000,
    });
    const report = JSON.parse(readFileSync(join(dir, 'contract.json'), 'utf8')) as { passed: boolean };
    return { status: run.status, output: run.stdout + run.stderr, report };
  }

  it('adds only its own few dependencies (no server, no msw) beside vitest, its peer, and compiles strictly', () => {
    const dir = project('contract-consumer', {
      'tsconfig.json': strictTsconfig(['node']),
      'use.ts': `import { createResponseValidator, loadContractSpec, type ResponseSnapshot } from '@course-service/contract-tests';
const spec = loadContractSpec();
const health = spec.find('GET', '/healthz');
export const check = (snapshot: ResponseSnapshot): string[] => (health ? createResponseValidator(spec).validate(health, snapshot) : []);
`,
    });
    install(dir, ['vitest@4.1.12', '@types/node@20.19.43']);
    const before = installedPackages(dir);
    install(dir, [tarballs['@course-service/contract-tests'] as string]);
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
    const { status, output, report } = check(join(work, 'contract-consumer'), false);
    expect(status, output).toBe(0);
    expect(report.passed).toBe(true);
    expect(readFileSync(join(work, 'contract-consumer', 'contract.xml'), 'utf8')).toMatch(
      /<testsuites[^>]* failures="0"/,
    );
  });

  it('refuses to run without a base URL in one line, and compares two specs with diff', () => {
    const dir = join(work, 'contract-consumer');
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

  it('does the same with vitest 5 (Node 22 or later: Node 24 from the registry)', () => {
    const dir = project('contract-consumer-vitest5');
    install(dir, ['vitest@5', tarballs['@course-service/contract-tests'] as string], true);
    const { status, output, report } = check(dir, true);
    expect(status, output).toBe(0);
    expect(report.passed).toBe(true);
  });
});
