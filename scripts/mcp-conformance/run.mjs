#!/usr/bin/env node
// The official MCP conformance suite against this repository's server, at both protocol revisions.
// Starts `npm start`'s server on a free loopback port (in-memory data, a high rate limit), makes an
// API key with both scopes and one course, runs every applicable scenario through Node 24 (the
// suite needs it; `npx -p node@24` fetches it from the registry), prints a table, and exits 1 when
// a check failed. Checks the suite itself reports as "Not testable" (they need its own diagnostic
// tools) are listed as not applicable. Usage: node scripts/mcp-conformance/run.mjs [--markdown]
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SUITE = '@modelcontextprotocol/conformance@0.2.0-alpha.12';
/** Every server scenario that applies to a stateless server with tools, resources and one prompt. */
const SCENARIOS = [
  ['server-initialize', '2025-11-25'],
  ['ping', '2025-11-25'],
  ['logging-set-level', '2025-11-25'],
  ['server-session-lifecycle', '2025-11-25'],
  ['tools-list', '2025-11-25'],
  ['tools-list', '2026-07-28'],
  ['resources-list', '2025-11-25'],
  ['resources-list', '2026-07-28'],
  ['prompts-list', '2025-11-25'],
  ['prompts-list', '2026-07-28'],
  ['sep-2164-resource-not-found', '2026-07-28'],
  ['caching', '2026-07-28'],
  ['server-stateless', '2026-07-28'],
  ['dns-rebinding-protection', '2025-11-25'],
  ['dns-rebinding-protection', '2026-07-28'],
  ['http-header-validation', '2026-07-28'],
];
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

function run(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}

async function startServer(port) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', 'serve'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: ':memory:',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      AUTH_FAILURE_LIMIT_MAX: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://localhost:${port}`;
  for (let attempt = 0; attempt < 150; attempt++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, base };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error('the server did not start within 15 s');
}

async function post(url, body, bearer) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(bearer && { Authorization: `Bearer ${bearer}` }) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Node 24 and the suite's command, fetched once through npx (its cache keeps them). */
async function suiteCommand() {
  const probe = 'echo "$(command -v node) $(command -v conformance)"';
  // No --allow-scripts: the node package's install script runs a nested `npm install`, which
  // refuses that flag when it inherits it (EALLOWSCRIPTS), and the run fails on an empty npx cache.
  const args = ['-y', '-p', 'node@24', '-p', SUITE, '-c', probe];
  const { code, output } = await run('npx', args, {});
  const [node, conformance] = output.trim().split('\n').at(-1)?.split(' ') ?? [];
  if (code !== 0 || !node || !conformance) throw new Error(`could not get Node 24 and ${SUITE}:\n${output}`);
  return { node, conformance };
}

/** One scenario's checks: passed, failed, not applicable (with why), warnings. */
async function scenario(suite, name, revision, env, outDir) {
  const dir = join(outDir, `${name}-${revision}`);
  const preload = join(here, 'bearer-preload.mjs');
  const options = [
    '--url',
    env.MCP_CONFORMANCE_URL,
    '--scenario',
    name,
    '--spec-version',
    revision,
    '-o',
    dir,
  ];
  const { output } = await run(
    suite.node,
    ['--import', preload, suite.conformance, 'server', ...options],
    env,
  );
  const files = await readdir(dir, { recursive: true }).catch(() => []);
  const file = files.find((f) => f.endsWith('checks.json'));
  if (!file) return { name, revision, passed: 0, failed: 1, notApplicable: [], warnings: 0, output };
  const checks = JSON.parse(await readFile(join(dir, file), 'utf8'));
  const untestable = (c) => c.status === 'FAILURE' && /^Not testable/.test(c.errorMessage ?? '');
  return {
    name,
    revision,
    passed: checks.filter((c) => c.status === 'SUCCESS').length,
    failed: checks.filter((c) => c.status === 'FAILURE' && !untestable(c)).length,
    notApplicable: checks.filter(untestable).map((c) => `${c.id}: ${c.errorMessage}`),
    warnings: checks.filter((c) => c.status === 'WARNING').length,
    failures: checks
      .filter((c) => c.status === 'FAILURE' && !untestable(c))
      .map((c) => `${c.id}: ${c.errorMessage}`),
  };
}

async function main() {
  const started = Date.now();
  const [suite, { child, base }] = await Promise.all([suiteCommand(), freePort().then(startServer)]);
  const outDir = await mkdtemp(join(tmpdir(), 'mcp-conformance-'));
  try {
    const { idToken } = await post(`${base}/dev/token`, { sub: 'conformance' });
    const { key } = await post(
      `${base}/api/v1/api-keys`,
      { name: 'conformance', scopes: ['courses:read', 'courses:write'] },
      idToken,
    );
    await post(
      `${base}/api/v1/courses`,
      { name: 'Conformance', description: 'A course to list and read.' },
      key,
    );
    const env = { MCP_CONFORMANCE_URL: `${base}/mcp`, MCP_CONFORMANCE_BEARER: key };
    // Four at a time: each is a Node 24 process; the machine has two cores.
    const queue = [...SCENARIOS];
    const results = [];
    await Promise.all(
      [1, 2, 3, 4].map(async () => {
        for (let next = queue.shift(); next; next = queue.shift())
          results.push(await scenario(suite, ...next, env, outDir));
      }),
    );
    results.sort(
      (a, b) =>
        SCENARIOS.findIndex(([n, r]) => n === a.name && r === a.revision) -
        SCENARIOS.findIndex(([n, r]) => n === b.name && r === b.revision),
    );
    const markdown = process.argv.includes('--markdown');
    const rows = results.map((r) => [
      r.name,
      r.revision,
      r.passed,
      r.failed,
      r.notApplicable.length,
      r.warnings,
    ]);
    const header = ['scenario', 'revision', 'passed', 'failed', 'not applicable', 'warnings'];
    if (markdown) {
      console.log(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
      for (const row of rows)
        console.log(`| ${row.map((cell, i) => (i < 2 ? `\`${cell}\`` : cell)).join(' | ')} |`);
    } else {
      for (const row of [header, ...rows])
        console.log(row.map((cell, i) => String(cell).padEnd(i === 0 ? 30 : 16)).join(''));
    }
    for (const r of results)
      for (const why of r.notApplicable) console.log(`n/a  ${r.name} ${r.revision}: ${why}`);
    for (const r of results)
      for (const why of r.failures ?? [r.output]) console.log(`FAIL ${r.name} ${r.revision}: ${why}`);
    const failed = results.reduce((sum, r) => sum + r.failed, 0);
    const passed = results.reduce((sum, r) => sum + r.passed, 0);
    console.log(
      `MCP conformance: ${results.length} scenario runs, ${passed} checks passed, ${failed} failed (${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
    process.exitCode = failed > 0 ? 1 : 0;
  } finally {
    child.kill();
    await rm(outDir, { recursive: true, force: true });
  }
}

await main();
