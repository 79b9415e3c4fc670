#!/usr/bin/env node
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startVitest } from 'vitest/node';

const USAGE = `Usage: course-contract [options]

Checks that a Course Management Service keeps the promises of its openapi.yaml.
With no --base-url (and no CONTRACT_BASE_URL), the reference server is started in-process
(on PostgreSQL and Redis when CONTRACT_DATABASE_URL and CONTRACT_REDIS_URL are set).

Options:
  --base-url URL          the server to test (CONTRACT_BASE_URL)
  --id-token-url URL      POST {"sub"} -> {"idToken"} endpoint (CONTRACT_ID_TOKEN_URL; default <base>/dev/token)
  --id-token-command CMD  shell command printing an ID token for $CONTRACT_SUBJECT (CONTRACT_ID_TOKEN_COMMAND)
  --jwks-url URL          the identity provider's JWKS (CONTRACT_JWKS_URL; default <base>/dev/.well-known/jwks.json)
  --target server|mocks   what to test when no base URL is given (CONTRACT_TARGET; default server)
  --max-wait SECONDS      total time the run may wait for the server's failed-authentication limit
                          (CONTRACT_MAX_WAIT_SECONDS; default 600); past it the run fails
  --junit FILE            also write a JUnit XML report (every check a test case) to FILE
  --report FILE           also write a JSON report (operation × status pairs, each check's passes
                          and failures, requests sent, time waited) to FILE
  -t, --grep PATTERN      run only the tests whose name matches PATTERN (a regular expression)
  -h, --help              this text`;

const { values } = parseArgs({
  options: {
    'base-url': { type: 'string' },
    'id-token-url': { type: 'string' },
    'id-token-command': { type: 'string' },
    'jwks-url': { type: 'string' },
    target: { type: 'string' },
    'max-wait': { type: 'string' },
    junit: { type: 'string' },
    report: { type: 'string' },
    grep: { type: 'string', short: 't' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const env: Record<string, string | undefined> = {
  CONTRACT_BASE_URL: values['base-url'],
  CONTRACT_ID_TOKEN_URL: values['id-token-url'],
  CONTRACT_ID_TOKEN_COMMAND: values['id-token-command'],
  CONTRACT_JWKS_URL: values['jwks-url'],
  CONTRACT_TARGET: values.target,
  CONTRACT_MAX_WAIT_SECONDS: values['max-wait'],
  // The run starts in the package root: files named on the command line are the caller's.
  CONTRACT_REPORT_FILE: values.report === undefined ? undefined : resolve(values.report),
};
for (const [name, value] of Object.entries(env)) if (value !== undefined) process.env[name] = value;

// The package root, so the command works from any directory once the package is installed.
const root = fileURLToPath(new URL('..', import.meta.url));
const vitest = await startVitest('test', [], {
  root,
  config: false,
  include: ['contract-tests/{contract,validator}.test.{ts,js}'],
  watch: false,
  reporters: values.junit
    ? ['default', ['junit', { outputFile: resolve(values.junit), suiteName: 'course-contract' }]]
    : ['default'],
  ...(values.grep ? { testNamePattern: values.grep } : {}),
  testTimeout: 60_000,
  hookTimeout: 60_000,
});
const failed = vitest.state.getCountOfFailedTests() > 0 || vitest.state.getUnhandledErrors().length > 0;
await vitest.close();
process.exit(failed || process.exitCode ? 1 : 0);
