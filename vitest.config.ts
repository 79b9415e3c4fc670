import { defineConfig } from 'vitest/config';

// Three projects: unit and integration suites beside the code, and the contract suite twice, against
// the reference server and against the msw mocks.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            '{server,sdk,mocks,domain,dashboard,bench}/**/*.test.ts',
            'contract-tests/{validator,pacing}.test.ts',
          ],
        },
      },
      { extends: true, test: { name: 'contract:server', include: ['contract-tests/contract.test.ts'] } },
      { extends: true, test: { name: 'fuzz', include: ['fuzz/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'contract:mocks',
          include: ['contract-tests/contract.test.ts'],
          env: { CONTRACT_TARGET: 'mocks' },
        },
      },
    ],
  },
});
