// Over 300 lines on purpose: one expectation per runnable block of the guide, in the guide's order,
// beside the one server they all run against.
// The guide (README.md) runs as written: every code block not marked illustrative is run here,
// against a real reference server, with the server's URL in place of the documented one. The
// blocks come from the README itself, so a new block without an expectation below fails.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify, stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, test } from 'vitest';
import { type RunningServer, startServer } from '../server/index.ts';
import { type CodeBlock, codeBlocks } from '../test-support/docs/markdown.ts';
import { TSC_INIT_OPTIONS } from '../test-support/docs/tsc-init-options.ts';
import { suiteSteps } from '../test-support/docs/workflow-steps.ts';
import { startServerProcess } from '../test-support/server/server-process.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const README = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
const BLOCKS = codeBlocks(README);
const RUNNABLE = BLOCKS.filter((block) => !block.illustrative);
const DOCUMENTED_URL = 'http://127.0.0.1:3000';
const EXAMPLES = new URL('./examples/', import.meta.url);
const PACKAGE = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  name: string;
  version: string;
};
const TSX = createRequire(import.meta.url).resolve('tsx');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
/** A full run of the suite, and the vitest start-up of each partial one, on a shared machine. */
const RUN_TIMEOUT_MS = 300_000;

/**
 * The servers are development servers as the quick start runs them, but for the failed-authentication
 * limit, unlimited here so that the runs check the commands rather than the pacing (pacing.test.ts
 * does).
 */
const SERVER_ENV = {
  AUTH_FAILURE_LIMIT_MAX: '1000000',
};
/** Two runs at a time: each is a vitest process of its own, on a machine shared with others. */
const PARALLEL_RUNS = 2;
let running = 0;
const waiting: Array<() => void> = [];

/** What a block printed and how it ended. */
interface BlockRun {
  code: number | null;
  output: string;
  cwd: string;
}

/** A shell block's expectation; `prepare` sets up its directory, and `server: false` runs it without a server. */
interface ShellBlock {
  name: string;
  line: RegExp;
  server?: false;
  prepare?(cwd: string): void;
  check(run: BlockRun): void;
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=guide', '-c', 'user.email=guide@example.org', ...args], { cwd });

/** The expectation for each runnable shell block, found by a line of its text. */
const SHELL_BLOCKS: ShellBlock[] = [
  {
    name: 'quick start: the whole suite, with both reports',
    line: /--junit reports\/contract\.xml --report reports\/contract\.json$/,
    check({ code, output, cwd }) {
      expect(code, output).toBe(0);
      expect(output).toMatch(/Tests\s+\d+ passed \(\d+\)/);
      const report = JSON.parse(readFileSync(join(cwd, 'reports/contract.json'), 'utf8'));
      expect(report).toMatchObject({
        passed: true,
        unexercised: [],
        target: expect.stringContaining('/dev/token'),
      });
      expect(readFileSync(join(cwd, 'reports/contract.xml'), 'utf8')).toMatch(
        /<testsuites [^>]*failures="0"/,
      );
    },
  },
  {
    name: 'a part of the suite with --grep',
    line: /--grep 'use-after-free\|cursor-walk'$/,
    check({ code, output }) {
      expect(code, output).toBe(0);
      // Vitest names a passing test only when it is slow; the count of those left out shows the filter.
      expect(output).toMatch(/Tests\s+[1-9]\d* passed \| [1-9]\d* skipped/);
    },
  },
  {
    name: '--help',
    line: /^npx course-contract --help$/,
    check({ code, output }) {
      expect(code, output).toBe(0);
      expect(output).toMatch(/^Usage: course-contract \[options\]/);
    },
  },
  {
    name: 'diff against main, failing on a breaking change',
    line: /^npx course-contract diff git:main:openapi\.yaml openapi\.yaml --fail-on breaking$/,
    server: false,
    prepare(cwd) {
      // A repository whose main has today's spec, and a working tree without courses' publishedAt.
      const spec = readFileSync(join(ROOT, 'openapi.yaml'), 'utf8');
      writeFileSync(join(cwd, 'openapi.yaml'), spec);
      git(cwd, 'init', '-q', '-b', 'main');
      git(cwd, 'add', 'openapi.yaml');
      git(cwd, 'commit', '-q', '-m', 'spec');
      const course = spec.indexOf('\n    Course:\n');
      const removed = spec.slice(course).replace(/^ {8}publishedAt:\n(?: {10}.*\n)+/m, '');
      writeFileSync(join(cwd, 'openapi.yaml'), spec.slice(0, course) + removed);
    },
    check({ code, output }) {
      expect(code, output).toBe(1);
      expect(output).toMatch(
        /^git:main:openapi\.yaml → openapi\.yaml: \d+ changes: \d+ breaking, 0 possibly breaking, 0 safe$/m,
      );
      expect(output).toMatch(
        /^Breaking: 1 finding \(\d+ changes\)\n {2}openapi\.yaml:\d+ {2}property removed, in \d+ places: GET \/api\/v1\/courses response 200 application\/json body\.data\[\]\.publishedAt; .*\[response-property-removed\]$/m,
      );
    },
  },
  {
    name: 'replay of a report with nothing to replay',
    line: /^npx course-contract replay contract\.json$/,
    check({ code, output }) {
      expect(code, output).toBe(0);
      expect(output).toMatch(/^0 still failing, 0 now passing, against http:\/\/127\.0\.0\.1:\d+$/m);
    },
  },
  {
    name: 'ID tokens from a command',
    line: /--id-token-command \.\/id-token\.sh --grep ownership$/,
    check({ code, output }) {
      expect(code, output).toBe(0);
      expect(output).toMatch(/Tests\s+[1-9]\d* passed \| [1-9]\d* skipped/);
    },
  },
];

let server: RunningServer;
let work: string;
let bin: string;
beforeAll(async () => {
  server = await startServer({ env: SERVER_ENV });
  // Under the repository (.tmp is ignored), so the examples' project resolves its node_modules.
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  work = mkdtempSync(join(ROOT, '.tmp/contract-guide-'));
  // `npx course-contract` as installed, run here from source.
  bin = join(work, 'bin');
  mkdirSync(bin);
  const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
  writeFileSync(
    join(bin, 'course-contract'),
    `#!/bin/sh\nexec "${process.execPath}" --import "${TSX}" "${cli}" "$@"\n`,
  );
  chmodSync(join(bin, 'course-contract'), 0o755);
});
afterAll(async () => {
  await server?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/**
 * Runs a shell block in a directory of its own, as a reader pastes it, against a server of its own
 * (runs at once share no address's limits), whose URL replaces the documented one.
 */
async function runBlock(block: CodeBlock, entry: ShellBlock): Promise<BlockRun> {
  if (entry.server === false) return runScript(block, DOCUMENTED_URL, entry.prepare);
  if (running >= PARALLEL_RUNS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  // A process of its own, as deployed: the suite's races (an idempotency key still in use) need the
  // server to answer while this worker is busy.
  const target = await startServerProcess({ ...SERVER_ENV, DATA_DIR: mkdtempSync(join(work, 'data-')) });
  try {
    return await runScript(block, target.url);
  } finally {
    await target.stop();
    running--;
    waiting.shift()?.();
  }
}

function runScript(block: CodeBlock, url: string, prepare?: (cwd: string) => void): Promise<BlockRun> {
  const cwd = mkdtempSync(join(work, 'run-'));
  prepare?.(cwd);
  const script = block.code
    .replaceAll(DOCUMENTED_URL, url)
    .replaceAll('npx course-contract', 'course-contract');
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('CONTRACT_')),
  );
  const child = spawn('sh', ['-ec', script], {
    cwd,
    env: { ...env, PATH: `${bin}:${process.env.PATH}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) =>
    child.once('exit', (code) => resolve({ code, output: stripVTControlCharacters(output), cwd })),
  );
}

const lines = (block: CodeBlock) => block.code.trimEnd().split('\n');
const shellBlocks = RUNNABLE.filter((block) => block.lang === 'sh');

describe('README', () => {
  it('has only shell and TypeScript blocks to run; everything else is marked illustrative', () => {
    expect(RUNNABLE.filter((block) => !['sh', 'ts'].includes(block.lang)).map((b) => b.line)).toEqual([]);
  });

  it('has exactly one expectation for each shell block it shows', () => {
    const matched = shellBlocks.map((block) =>
      SHELL_BLOCKS.filter((entry) => lines(block).some((line) => entry.line.test(line))).map((e) => e.name),
    );
    expect(matched.sort()).toEqual(SHELL_BLOCKS.map((entry) => [entry.name]).sort());
  });

  it('shows the example files verbatim, with the import a user writes, and no other TypeScript', () => {
    const files = readdirSync(EXAMPLES).filter((file) => file.endsWith('.ts'));
    const sources = files.map((file) => asPublished(readFileSync(new URL(file, EXAMPLES), 'utf8')));
    const blocks = RUNNABLE.filter((block) => block.lang === 'ts').map((block) => block.code);
    expect(blocks.sort()).toEqual(sources.sort());
  });

  it('runs in CI a command a test runs here: each course-contract step of the workflow is a shown line', () => {
    const commands = suiteSteps(README).flatMap((step) =>
      step.job === 'contract' && step.run ? [step.run.trim()] : [],
    );
    expect(commands).toHaveLength(1);
    for (const command of commands) expect(shellBlocks.flatMap(lines)).toContain(command);
  });

  it('gives every workflow that runs the suite an ID-token source and a webhook URL the target accepts', () => {
    const steps = suiteSteps(README);
    expect(steps).toHaveLength(2);
    for (const step of steps) {
      const given = `${step.run} ${Object.keys(step.env ?? {}).join(' ')}`;
      expect(given).toMatch(
        /CONTRACT_ID_TOKEN_COMMAND|--id-token-command|CONTRACT_ID_TOKEN_URL|--id-token-url/,
      );
      expect(given).toMatch(/CONTRACT_WEBHOOK_URL|--webhook-url/);
    }
  });

  it("names the tarball `npm pack` writes for this version, and installs nothing by the package's name", () => {
    const tarballs = README.match(/course-service-contract-tests-[^\s`]+\.tgz/g) ?? [];
    expect(tarballs.length).toBeGreaterThan(0);
    for (const name of tarballs) expect(name).toBe(`course-service-contract-tests-${PACKAGE.version}.tgz`);
    expect(README).not.toMatch(new RegExp(`(npm (install|i)|npx)[^\\n]*${PACKAGE.name}`));
  });
});

describe('README commands against the reference server', () => {
  test.concurrent.for(SHELL_BLOCKS.map((entry) => [entry.name, entry] as const))(
    '%s',
    {
      timeout: RUN_TIMEOUT_MS,
    },
    async ([, entry]) => {
      const block = shellBlocks.find((b) => lines(b).some((line) => entry.line.test(line)));
      expect(block, `no block for ${entry.name}`).toBeDefined();
      if (block) entry.check(await runBlock(block, entry));
    },
  );
});

/** An example file as the README shows it: importing the package by name. */
function asPublished(source: string): string {
  return source.replaceAll("'../index.ts'", `'${PACKAGE.name}'`);
}

describe('README TypeScript examples', () => {
  it('compile against the declarations the package ships, under the options `tsc --init` writes', () => {
    // The package's declarations, built from source as its prepack builds them.
    const pkg = join(work, 'project/node_modules', PACKAGE.name);
    mkdirSync(pkg, { recursive: true });
    writeFileSync(join(pkg, 'package.json'), JSON.stringify(PACKAGE));
    const build = join(work, 'tsconfig.declarations.json');
    writeFileSync(
      build,
      JSON.stringify({
        extends: fileURLToPath(new URL('./tsconfig.build.json', import.meta.url)),
        compilerOptions: {
          outDir: join(pkg, 'dist'),
          rootDir: ROOT,
          emitDeclarationOnly: true,
          sourceMap: false,
        },
        include: [fileURLToPath(new URL('./index.ts', import.meta.url))],
      }),
    );
    execFileSync(process.execPath, [TSC, '-p', build], { encoding: 'utf8' });
    const project = join(work, 'project');
    for (const file of readdirSync(EXAMPLES).filter((f) => f.endsWith('.ts')))
      writeFileSync(join(project, file), asPublished(readFileSync(new URL(file, EXAMPLES), 'utf8')));
    writeFileSync(join(project, 'package.json'), JSON.stringify({ type: 'module', private: true }));
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(TSC_INIT));
    const result = (() => {
      try {
        return execFileSync(process.execPath, [TSC, '-p', project], { encoding: 'utf8' });
      } catch (error) {
        return (error as { stdout: string }).stdout;
      }
    })();
    expect(result).toBe('');
  }, 120_000);

  it('validate-response: a response of your own checked against the spec', {
    timeout: 120_000,
  }, async () => {
    expect(await runExample('validate-response')).toEqual(['401 keeps the contract']);
  });

  it('coverage-matrix: calls through a Contract, then the matrix of what they exercised', {
    timeout: 120_000,
  }, async () => {
    const output = await runExample('coverage-matrix');
    expect(output[0]).toBe('200 ok');
    expect(output[1]).toMatch(/^Contract coverage against http:\/\/127\.0\.0\.1:\d+ \(ID tokens from /);
    expect(output.join('\n')).toMatch(/\ncreateCourse +│ +│ ✓ │/);
    expect(output.at(-1)).toMatch(/^\d+ declared pairs not exercised yet$/);
  });
});

/** The options TypeScript 6's `tsc --init` writes, with Node's types for `process`. */
const TSC_INIT = {
  compilerOptions: {
    ...TSC_INIT_OPTIONS,
    noEmit: true,
  },
};

/** Runs an example from source against the test server (in this process: never block it); its output, line by line. */
async function runExample(name: string): Promise<string[]> {
  const file = fileURLToPath(new URL(`${name}.ts`, EXAMPLES));
  const { stdout } = await run(process.execPath, ['--import', TSX, file], {
    encoding: 'utf8',
    env: { ...process.env, COURSE_SERVICE_URL: server.url },
    timeout: 110_000,
  });
  return stdout.trimEnd().split('\n');
}
