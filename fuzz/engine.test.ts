import { loadContractSpec, type Target } from '@course-service/contract-tests';
import { describe, expect, test } from 'vitest';
import { runFuzz } from './engine.ts';
import { fuzzTarget } from './targets.ts';

// A slow target (or a loaded machine) must not cost the run its coverage: within a short budget
// the first round still reaches every operation.

describe('the fuzzing engine on a slow target', () => {
  test('reaches every operation within a budget too short for a full round', async () => {
    const mocks = await fuzzTarget('mocks');
    // 25 ms a request: one full round (20 runs of each of the spec's operations) takes several seconds.
    const slow: Target = {
      ...mocks,
      fetch: async (request) => {
        await new Promise((resolve) => setTimeout(resolve, 25));
        return mocks.fetch(request);
      },
    };
    try {
      const report = await runFuzz(slow, { seconds: 0.5 });
      const operations = new Set(report.pairs.map((pair) => pair.split(' ')[0]));
      expect(operations.size).toBe(loadContractSpec().operations.length);
      expect(report.probes.length).toBeGreaterThan(0);
      expect(report.failures).toEqual([]);
    } finally {
      await mocks.close();
    }
  }, 90_000);
});
