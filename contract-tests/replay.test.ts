// Contract failures you can act on: against a mutant (createCourse answers 200 instead of 201) the
// suite's report groups the failures by cause and gives each a curl that reproduces it without the
// secret, and the cause is a GitHub annotation at its operation's line; `course-contract replay` finds
// the cause still failing there, and passing on the real server.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type RunningServer, startServer } from '../server/index.ts';
import { type MutantProxy, startMutantProxy } from '../test-support/contract-command/mutant-proxy.ts';
import { MUTANTS } from '../test-support/contract-command/mutants.ts';
import { runContractCli, runCourseContract } from '../test-support/contract-command/run-contract-cli.ts';
import { createContract } from './contract.ts';
import type { ContractReport } from './report.ts';
import { remoteTarget } from './targets/remote-target.ts';

const run = promisify(execFile);
const WRONG_STATUS = MUTANTS.find((mutant) => mutant.name === 'createCourse answers 200 instead of 201');

let upstream: RunningServer;
let proxy: MutantProxy;
let dir: string;
beforeAll(async () => {
  upstream = await startServer({
    env: { AUTH_FAILURE_LIMIT_MAX: '1000000', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' },
  });
  proxy = await startMutantProxy(upstream.url, WRONG_STATUS?.mutation());
  dir = await mkdtemp(join(tmpdir(), 'contract-replay-'));
});
afterAll(async () => {
  await proxy?.close();
  await upstream?.close();
  await rm(dir, { recursive: true, force: true });
});

test('a failure reads as its cause with a curl that reproduces it, and replay tells when it is fixed', {
  timeout: 300_000,
}, async () => {
  const file = join(dir, 'report.json');
  const args = ['--grep', WRONG_STATUS?.grep ?? '', '--report', file, '--format', 'github'];
  const { code, output } = await runContractCli(proxy.url, args);
  expect(code, output).toBe(1);
  expect(output).toMatch(/Failures by cause: 1 cause\(s\) of \d+ failure\(s\)/);
  expect(output).toMatch(/^- status 200: \d+ failure\(s\) in createCourse \[declared-status\]$/m);
  expect(output).toMatch(/reproduce: curl -sS -i -X POST 'http:\/\/127\.0\.0\.1:\d+\/api\/v1\/courses' /);

  // The cause as a GitHub annotation at createCourse's line of the spec.
  const annotation =
    /^::error file=openapi\.yaml,line=(\d+),title=Contract%3A createCourse \[declared-status\] status 200::\d+ failure\(s\); expected: status 200 is not declared.*%0Areproduce: curl /m.exec(
      output,
    );
  expect(annotation, output).not.toBeNull();
  const spec = (await readFile(new URL('../openapi.yaml', import.meta.url), 'utf8')).split('\n');
  expect(spec[Number(annotation?.[1]) - 1]).toBe('    post:');
  expect(spec.slice(0, Number(annotation?.[1])).findLast((line) => /^ {2}\//.test(line))).toBe(
    '  /api/v1/courses:',
  );

  const text = await readFile(file, 'utf8');
  expect(text).not.toMatch(/cms_(prod|test)_[0-9A-Za-z]{32}|eyJ[\w-]+\.eyJ/);
  const report = JSON.parse(text) as ContractReport;
  expect(report.baseUrl).toBe(proxy.url);
  expect(report.causes).toHaveLength(1);
  const [cause] = report.causes;
  expect(cause).toMatchObject({
    operationId: 'createCourse',
    check: 'declared-status',
    observed: 'status 200',
  });
  expect(cause?.first).toMatchObject({
    request: {
      method: 'POST',
      path: '/api/v1/courses',
      headers: { authorization: 'Bearer $COURSE_API_KEY' },
    },
    response: { status: 200, headers: { 'content-type': expect.stringContaining('application/json') } },
    expectation: expect.stringMatching(/^status 200 is not declared for createCourse \(declared: 201, /),
  });
  expect(report.failures.length).toBeGreaterThanOrEqual(cause?.failures ?? 0);

  // The curl, with a key of the caller's own in the variable, meets the same 200.
  const { key } = await createContract(remoteTarget({ baseUrl: upstream.url })).newKey();
  const env = { COURSE_API_KEY: key };
  const curl = await run('sh', ['-c', cause?.first.curl ?? ''], { env: { ...process.env, ...env } });
  expect(curl.stdout).toMatch(/^HTTP\/1\.1 200 /);

  const still = await runCourseContract(['replay', file], { env });
  expect([still.code, still.stdout]).toEqual([
    1,
    expect.stringMatching(
      /^still failing {2}createCourse \[declared-status\] status 200: status 200 is not declared/,
    ),
  ]);
  expect(still.stdout).toContain(`1 still failing, 0 now passing, against ${proxy.url}`);
  const fixed = await runCourseContract(['replay', file, '--base-url', upstream.url], { env });
  expect([fixed.code, fixed.stdout]).toEqual([
    0,
    `now passing    createCourse [declared-status] status 200 (answered 201)\n0 still failing, 1 now passing, against ${upstream.url}\n`,
  ]);
  const unset = await runCourseContract(['replay', file], { env: { COURSE_API_KEY: '' } });
  expect([unset.code, unset.stderr]).toEqual([
    64,
    'course-contract: createCourse sends $COURSE_API_KEY: set it to a credential the server accepts\n',
  ]);
});

test("the report lists what the target answered that the spec does not declare, and a generic check's failures with their curl", {
  timeout: 300_000,
}, async () => {
  const lost = await startMutantProxy(upstream.url, {
    answer(answer, request) {
      if (request.method !== 'PUT' || request.url !== '/api/v1/courses') return;
      answer.status = 404;
      answer.headers.delete('allow');
    },
  });
  try {
    const file = join(dir, 'undeclared.json');
    const args = ['--grep', 'unsupported-method: /api/v1/courses \\(', '--report', file];
    const { code, output } = await runContractCli(lost.url, args);
    expect(code, output).toBe(1);
    expect(output).toMatch(
      /^Answers to what the spec does not declare:\n- PUT \/api\/v1\/courses answered 404, not 405$/m,
    );
    const report = JSON.parse(await readFile(file, 'utf8')) as ContractReport;
    expect(report.undeclared).toEqual([
      { method: 'PUT', path: '/api/v1/courses', status: 404, expected: 405 },
    ]);
    // A generic check's failure carries its request too, and replay sends it again for the suite to judge.
    expect(output).toMatch(
      /PUT \/api\/v1\/courses answered 404 with Allow \(none\); expected 405 .*\n\s+reproduce: curl -sS -i -X PUT '/,
    );
    expect(report.causes.find((cause) => cause.check === 'unsupported-method')?.first.request).toMatchObject({
      method: 'PUT',
      path: '/api/v1/courses',
    });
    const replayed = await runCourseContract(['replay', file]);
    expect(replayed.stdout).toMatch(
      /^sent again {5}\(no operation\) \[unsupported-method\] .*: answered 404; run the suite \(--grep 'unsupported-method'\) to judge it$/m,
    );
  } finally {
    await lost.close();
  }
});

test("a hand-written scenario's failure is recorded with its last request as a curl, and the test's finding", {
  timeout: 300_000,
}, async () => {
  const mutant = MUTANTS.find((m) => m.name === "a missing course's 404 has the wrong problem code");
  const wrongCode = await startMutantProxy(upstream.url, mutant?.mutation());
  try {
    const file = join(dir, 'scenario.json');
    const { code, output } = await runContractCli(wrongCode.url, [
      '--grep',
      mutant?.grep ?? '',
      '--report',
      file,
    ]);
    expect(code, output).toBe(1);
    const report = JSON.parse(await readFile(file, 'utf8')) as ContractReport;
    const scenario = report.causes.find((cause) => cause.check === 'scenario');
    expect(scenario, JSON.stringify(report.causes)).toBeDefined();
    expect(scenario?.first).toMatchObject({
      request: { path: expect.stringMatching(/^\/api\/v1\/courses\/crs_/) },
      response: { status: 404 },
      expectation: expect.stringMatching(/^404 for a missing course id on every course operation: /),
    });
    expect(scenario?.first.curl).toMatch(
      /^curl -sS -i -X \w+ 'http:\/\/127\.0\.0\.1:\d+\/api\/v1\/courses\/crs_/,
    );
    expect(output).toMatch(/^ {4}expected: 404 for a missing course id/m);
  } finally {
    await wrongCode.close();
  }
});

test('a problem the tests did not expect is one cause, named in full, however many tests it fails', {
  timeout: 300_000,
}, async () => {
  // Every course the suite creates carries a field the spec does not have, which the server refuses.
  const refused = await startMutantProxy(upstream.url, {
    request(request) {
      if (request.method !== 'POST' || request.url !== '/api/v1/courses' || !request.body) return;
      const body = JSON.parse(request.body.toString());
      if (body && typeof body === 'object' && !Array.isArray(body)) body.mutant = true;
      request.body = Buffer.from(JSON.stringify(body));
    },
  });
  try {
    const file = join(dir, 'unexpected-problem.json');
    const args = ['--grep', 'course', '--report', file];
    const { code, output } = await runContractCli(refused.url, args);
    expect(code, output).toBe(1);
    const report = JSON.parse(await readFile(file, 'utf8')) as ContractReport;
    const cause = report.causes[0];
    expect(cause?.observed, output).toMatch(/^400 validation_failed at \/mutant: \S/);
    expect(cause?.failures).toBeGreaterThan(5);
    expect(report.causes.length, JSON.stringify(report.causes.map((c) => c.observed))).toBeLessThan(
      (cause?.failures ?? 0) / 2,
    );
    expect(output).toContain(`- ${cause?.observed}: ${cause?.failures} failure(s) in `);
  } finally {
    await refused.close();
  }
});
