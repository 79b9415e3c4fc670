import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  install,
  packPackages,
  strictTsconfig,
  typecheck,
} from '../../test-support/packages/packed-packages.ts';

const packed = packPackages('@course-service/server');

describe('@course-service/server, installed from its tarball (no development dependency)', () => {
  let dir: string;
  let bin: string;
  beforeAll(() => {
    dir = packed.project('server-consumer', { 'tsconfig.json': strictTsconfig(['node']) });
    install(dir, [packed.tarball('@course-service/server'), '@types/node@20.19.43']);
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
