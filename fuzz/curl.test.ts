import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { loadContractSpec, operationShapes } from '@course-service/contract-tests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/server/harness.ts';
import { toCurl } from './curl.ts';
import type { FuzzRequest } from './requests.ts';

const run = promisify(execFile);
const createCourse = operationShapes(loadContractSpec()).find((op) => op.spec.operationId === 'createCourse');
const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part)] : part)));

// A reported curl line is only useful if it sends the very request that failed: run it and compare.
describe('the curl line of a failure', () => {
  let server: TestServer;
  let key: string;
  beforeAll(async () => {
    server = await startTestServer();
    key = await server.apiKey('curl');
  });
  afterAll(() => server.close());

  const request = (body: Uint8Array, extra: [string, string][] = []): FuzzRequest => ({
    operation: createCourse as NonNullable<typeof createCourse>,
    method: 'POST',
    path: '/api/v1/courses',
    headers: [['authorization', `Bearer ${key}`], ['content-type', 'application/json'], ...extra],
    body,
    expect: 'invalid',
    labels: [],
  });

  it.each([
    [
      'invalid UTF-8 and quotes',
      () => request(bytes('{"name":"it\'s ', [0xff, 0xfe], '\\\\","description":""}')),
      400,
    ],
    ['a huge repeated body', () => request(bytes(`{"name":"${'x'.repeat(80_000)}"}`)), 413],
    [
      'a valid body with an odd header',
      () => request(bytes('{"name":"ok","description":""}'), [['idempotency-key', 'a\'b"c']]),
      201,
    ],
  ])('replays %s with the same answer', async (_name, fuzzed, status) => {
    // Built when the test runs: the key exists only once the server has started.
    const { stdout } = await run('bash', ['-c', `${toCurl(server.url, fuzzed())} -s`], {
      maxBuffer: 1 << 24,
    });
    expect(stdout).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
  });
});
