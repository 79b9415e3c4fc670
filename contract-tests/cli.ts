#!/usr/bin/env node
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
};
for (const [name, value] of Object.entries(env)) if (value !== undefined) process.env[name] = value;

// The package root, so the command works from any directory once the package is installed.
const root = fileURLToPath(new URL('..', import.meta.url));
const vitest = await startVitest('test', [], {
  root,
  config: false,
  include: ['contract-tests/{contract,validator}.test.{ts,js}'],
  watch: false,
  ...(values.grep ? { testNamePattern: values.grep } : {}),
  testTimeout: 60_000,
  hookTimeout: 60_000,
});
const failed = vitest.state.getCountOfFailedTests() > 0 || vitest.state.getUnhandledErrors().length > 0;
await vitest.close();
process.exit(failed || process.exitCode ? 1 : 0);
