import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{server,sdk,mocks,contract-tests,domain,dashboard,bench}/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
