// Over 150 lines on purpose: it runs the guide's three kinds of block (command output, shell scripts,
// TypeScript programs, and TypeScript files a shell block runs), each as a reader would, and the list
// of blocks comes from the README itself.
import { type ChildProcess, spawn } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { type CodeBlock, codeBlocks } from '../test-support/docs/markdown.ts';
import { TSC_INIT_OPTIONS } from '../test-support/docs/tsc-init-options.ts';
import { createTestDatabase, createTestRedis } from '../test-support/services/test-backend.ts';
import { runCli } from './cli/run-cli.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const README = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
const blocks = codeBlocks(README).filter((block) => !block.illustrative);
const work = mkdtempSync(join(tmpdir(), 'server-readme-'));
// The reader's project has the packages its files import installed (standardwebhooks, tsx): the
// repository's own, linked in.
symlinkSync(join(ROOT, 'node_modules'), join(work, 'node_modules'), 'dir');
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  await Promise.all(cleanups.map((cleanup) => cleanup()));
  unlinkSync(join(work, 'node_modules'));
  rmSync(work, { recursive: true, force: true });
});

/** The file name a TypeScript block starts with (`// receiver.ts`): a file a shell block runs, not a program of its own. */
const fileName = (block: CodeBlock) => block.code.match(/^\/\/ ([\w-]+\.ts)\n/)?.[1];
for (const block of blocks.filter((b) => b.lang === 'ts')) {
  const name = fileName(block);
  if (name) writeFileSync(join(work, name), block.code);
}

// The `course-service` command as the installed package provides it, run from the sources.
const bin = join(work, 'bin');
mkdirSync(bin);
writeFileSync(
  join(bin, 'course-service'),
  `#!/bin/sh\nexec "${process.execPath}" --import "${import.meta.resolve('tsx')}" "${join(ROOT, 'server/main.ts')}" "$@"\n`,
);
chmodSync(join(bin, 'course-service'), 0o755);

/** What a block must print, for the blocks whose output says they worked (a substring of each). */
const PRINTS: Array<[string, RegExp]> = [
  ['Introduction to Databases', /cms_prod_\w+[\s\S]*"name":"Introduction to Databases"/],
  ['Distributed Systems', /"redis":\{"status":"up"\}[\s\S]*"data":\[\{[^\]]*"name":"Distributed Systems"/],
  ['METRICS=on', /^http_server_request_duration_seconds_count\{/m],
  // The development scanner's signature held: the key is a true positive, and revoked.
  ['Pasted in a gist', /"label":"true_positive"\}\][\s\S]*"code":"api_key_revoked"/],
  ['X-Served-By', /^200 my-app\n\{ pong: true \}\n$/],
  ['createApp', /^Course Management Service\n$/],
  // The receiver verified the delivery, and the feed holds the same event.
  ['receiver.ts', /^verified course\.created (evt_\w+)\n\{"data":\[\{"id":"\1","type":"course\.created"/m],
  [
    'ConfigError',
    /^LOG_LEVEL must be one of .*'loud'\nPORT must be an integer from 0 to 65535, got 'eighty'\n$/,
  ],
];

const where = (block: CodeBlock) => `README.md:${block.line}`;

describe('server/README.md', () => {
  it('has a test for every block not marked illustrative', () => {
    const untested = blocks.filter((block) => !['sh', 'ts', 'text'].includes(block.lang)).map(where);
    expect(untested, 'mark them <!-- illustrative --> or teach this test to run them').toEqual([]);
    expect(blocks.filter((block) => block.lang === 'sh').length).toBeGreaterThanOrEqual(4);
  });

  for (const block of blocks.filter((b) => b.lang === 'text')) {
    it(`${where(block)}: prints what the command prints`, async () => {
      const [command, ...output] = block.code.split('\n');
      const args = command?.match(/^\$ course-service (.*)$/)?.[1]?.split(' ');
      expect(args, 'a text block starts with "$ course-service …"').toBeDefined();
      let out = '';
      const status = await runCli(args ?? [], {
        env: {},
        out: (text) => {
          out += text;
        },
        err: (text) => {
          out += text;
        },
        isTerminal: false,
      });
      expect(status).toBe(0);
      expect(out).toBe(output.join('\n'));
    });
  }
});

describe.concurrent('server/README.md shell blocks, run by bash with course-service on the PATH', () => {
  for (const block of blocks.filter((b) => b.lang === 'sh')) {
    it(`${where(block)}`, async () => {
      const { script, ports } = await withFreePorts(block.code);
      const env: Record<string, string> = {
        PATH: `${bin}:${process.env.PATH}`,
        HOME: work,
        TMPDIR: work,
        PORT: ports.get('3000') ?? '3000',
        LOG_LEVEL: 'warn',
        ...(block.code.includes('${DATABASE_URL') && (await backend())),
      };
      const child = spawn('bash', ['-eo', 'pipefail', '-c', script], { cwd: work, env, detached: true });
      const output = collect(child);
      cleanups.push(async () => killGroup(child));
      const lines = block.code.trim().split('\n');
      const foreground = /^(\w+=\S+ )*course-service( serve)?$/.test(lines.at(-1) ?? '');
      if (foreground) {
        // A server in the foreground: it must come up and answer, then stop on SIGTERM as Ctrl-C stops it.
        await untilHealthy(`http://127.0.0.1:${env.PORT}/healthz`, child, output);
        process.kill(-(child.pid as number), 'SIGTERM');
      }
      const status = await exited(child);
      if (!foreground) expect(status, output()).toBe(0);
      await expect(groupGone(child), 'every process the block started has stopped').resolves.toBe(true);
      for (const [marker, printed] of PRINTS)
        if (block.code.includes(marker)) expect(output()).toMatch(printed);
    }, 180_000);
  }
});

// The TypeScript blocks, as a reader's files in a project of their own; the compiler starts at once
// and works while the shell blocks run. The project stays in node_modules/.cache so that the next
// run's compiler reuses what it found in the server's unchanged sources (tsc's `incremental`).
const programs = blocks.filter((b) => b.lang === 'ts');
const project = join(ROOT, 'node_modules/.cache/server-readme');
const files = programs.map((block) => `readme-${block.line}.ts`);
mkdirSync(project, { recursive: true });
writeFileSync(join(project, 'package.json'), JSON.stringify({ type: 'module', private: true }));
writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(initOptions(files)));
for (const [i, block] of programs.entries()) writeFileSync(join(project, files[i] as string), block.code);
const tsc = spawn(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', '.'], {
  cwd: project,
});
const compiled = collect(tsc);
const compilerDone = exited(tsc);

describe.concurrent('server/README.md TypeScript blocks', () => {
  it('compile under the options `tsc --init` writes (with Node types)', async () => {
    await compilerDone;
    // Errors of the server's own sources under these options are not the reader's: a reader gets
    // the package's declaration files, which skipLibCheck covers. The examples' errors are.
    const errors = compiled()
      .split('\n')
      .filter((line) => /^error TS/.test(line) || files.some((file) => line.startsWith(file)));
    expect(errors).toEqual([]);
    expect(programs.length).toBeGreaterThanOrEqual(2);
  }, 180_000);

  for (const [i, block] of programs.entries()) {
    const name = fileName(block);
    if (name) {
      it(`${where(block)} is run by a shell block (as ${name})`, () => {
        expect(blocks.some((b) => b.lang === 'sh' && b.code.includes(name))).toBe(true);
      });
      continue;
    }
    it(`${where(block)} runs`, async () => {
      const file = join(project, `run-${files[i]}`);
      const entry = pathToFileURL(join(ROOT, 'server/index.ts')).href;
      writeFileSync(file, block.code.replaceAll("'@course-service/server'", `'${entry}'`));
      const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), file], { cwd: project });
      const output = collect(child);
      expect(await exited(child), output()).toBe(0);
      for (const [marker, printed] of PRINTS)
        if (block.code.includes(marker)) expect(output()).toMatch(printed);
    }, 180_000);
  }
});

/** The compiler options TypeScript 6's `tsc --init` writes, plus Node's types, over `files`. */
function initOptions(files: string[]) {
  return {
    compilerOptions: {
      ...TSC_INIT_OPTIONS,
      noEmit: true,
      // The sources in place of the packed declaration files (whose own `.ts` imports need this).
      allowImportingTsExtensions: true,
      incremental: true,
      tsBuildInfoFile: './tsbuildinfo',
      paths: { '@course-service/server': [join(ROOT, 'server/index.ts')] },
    },
    files,
  };
}

/** `code` with each port of the 3000s it names (`localhost:3001`, `PORT=3001`) moved to a free one. */
async function withFreePorts(code: string): Promise<{ script: string; ports: Map<string, string> }> {
  const ports = new Map<string, string>([['3000', String(await freePort())]]);
  for (const [, port] of code.matchAll(/(?:localhost:|PORT=)(30\d\d)\b/g))
    if (!ports.has(port as string)) ports.set(port as string, String(await freePort()));
  const script = code.replace(/(localhost:|PORT=)(30\d\d)\b/g, (_, before, port) => before + ports.get(port));
  return { script, ports };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** A throwaway PostgreSQL database and Redis key prefix, dropped after the run. */
async function backend(): Promise<Record<string, string>> {
  const database = await createTestDatabase();
  const redis = createTestRedis();
  cleanups.push(async () => {
    await Promise.all([database.drop(), redis.clear()]);
  });
  return { DATABASE_URL: database.url, REDIS_URL: redis.url, REDIS_KEY_PREFIX: redis.keyPrefix };
}

function collect(child: ChildProcess): () => string {
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    text += chunk;
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    text += chunk;
  });
  return () => text;
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('close', (code) => resolve(code)));
}

async function untilHealthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the block ended before its server answered:\n${output()}`);
    const answered = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no answer at ${url}:\n${output()}`);
}

/** Whether no process of the block's group is left, within a few seconds. */
async function groupGone(child: ChildProcess): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(-(child.pid as number), 0);
    } catch {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

function killGroup(child: ChildProcess): void {
  try {
    process.kill(-(child.pid as number), 'SIGKILL');
  } catch {
    // Already gone, as it should be.
  }
}
