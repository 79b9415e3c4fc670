import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadContractSpec } from '../contract-tests/spec.ts';
import type { Target } from '../contract-tests/targets/target.ts';
import { runFuzz } from './engine.ts';
import { formatReport } from './report.ts';
import { fuzzTarget } from './targets.ts';

// A bounded quick run of `npm run fuzz` on each target: every operation, valid and broken requests.
const SECONDS = Number(process.env.FUZZ_QUICK_SECONDS ?? 12);

describe.each(['server', 'mocks'])('fuzzing the %s', (name) => {
  let target: Target;
  beforeAll(async () => {
    target = await fuzzTarget(name);
  });
  afterAll(() => target.close());

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
  });
});
