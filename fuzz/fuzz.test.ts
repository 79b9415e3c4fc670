import { loadContractSpec, type Target } from '@course-service/contract-tests';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createTestDatabase,
  createTestRedis,
  type TestDatabase,
} from '../test-support/services/test-backend.ts';
import { runFuzz } from './engine.ts';
import { formatReport } from './report.ts';
import { fuzzTarget } from './targets.ts';

// A bounded quick run of `npm run fuzz` on each target: every operation, valid and broken requests,
// and the transport probes (long URLs and headers, uploads that keep sending).
const SECONDS = Number(process.env.FUZZ_QUICK_SECONDS ?? 12);

describe.each(['server', 'server on PostgreSQL', 'mocks'])('fuzzing the %s', (name) => {
  let target: Target;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    if (name === 'server on PostgreSQL') {
      database = await createTestDatabase();
      target = await fuzzTarget('server', { DATABASE_URL: database.url, REDIS_URL: createTestRedis().url });
    } else target = await fuzzTarget(name);
  });
  afterAll(async () => {
    await target.close();
    await database?.drop();
  });

  test(`every operation holds up for ${SECONDS} s of generated requests`, {
    timeout: (SECONDS + 60) * 1000,
  }, async () => {
    const report = await runFuzz(target, { seconds: SECONDS });
    console.log(formatReport(report));
    expect(report.failures.map((f) => `${f.operationId}: ${f.check}: ${f.message}\n  ${f.curl}`)).toEqual([]);
    // The run must have reached every operation, with a success and a refusal each, to mean anything.
    const operations = new Set(report.pairs.map((pair) => pair.split(' ')[0]));
    expect(operations.size).toBe(loadContractSpec().operations.length);
    expect(report.pairs.filter((pair) => / 4\d\d$/.test(pair)).length).toBeGreaterThan(20);
    expect(report.probes.length).toBeGreaterThan(0);
  });
});
