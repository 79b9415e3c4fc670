import { availableParallelism } from 'node:os';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// The server's HTTP suites (every file that starts a test server) and the contract suite run twice:
// on the embedded sql.js store with in-memory rate limits, and on PostgreSQL + Redis.
const SERVER_HTTP_TESTS = [
  'server/auth/*.test.ts',
  'server/http/*.test.ts',
  'server/idempotency/*.test.ts',
  'server/operations/*.test.ts',
  'server/rate-limit/*.test.ts',
  'server/webhooks/webhook-delivery.test.ts',
];

// Finds PostgreSQL and Redis (or starts throwaway ones), for the projects that use them; see README.
const SERVICES = ['test-support/services/global-services.ts'];

// The contract suite's in-process targets (the reference server and the mocks, from source): the
// published suite knows neither, so the repository registers them before the suite picks one.
const IN_PROCESS_TARGETS = 'test-support/contract-targets/in-process-targets.ts';

// `.ci/run` runs the unit and contract projects again on the other LTS majors (NODE_LEG=1). There
// it leaves out the files whose subject does not depend on the Node that runs them, which the full
// run on Node 20 covers: Chromium (the dashboard, the MCP sign-in form, the mocks in a service
// worker, the mocks guide's examples, one of which runs there), the static import rules, the
// contract pacer's arithmetic, the contract command against mutant servers (and their failures
// replayed) and as its guide shows it (its packed command runs on Node 24 in the packages test),
// the guides' examples compiled with tsc and the server guide's shell recipes (whether the docs are
// true does not depend on the Node that checks them, and these two keep both cores busy beside the
// timing-sensitive outage tests), and the kill -9 stresses, of writes and of webhook deliveries (the
// lock they rely on is tested on every Node by data-dir-lock.test.ts, delivery by the HTTP suites).
const NODE_AGNOSTIC = [
  'dashboard/**',
  'mocks/browser.test.ts',
  'mocks/documented-examples.test.ts',
  'server/mcp/mcp-sign-in-browser.test.ts',
  'scripts/import-rules.test.ts',
  'contract-tests/{pacing,mutants,replay,documented-examples}.test.ts',
  'server/documented-examples.test.ts',
  'sdk/examples-compile.test.ts',
  'server/kill-restart.test.ts',
  'server/webhooks/webhook-kill-restart.test.ts',
];

// Projects: unit and integration suites beside the code; those suites again on PostgreSQL + Redis;
// the multi-instance tests (real processes on one database); and the contract suite against the
// reference server (on each backend) and against the msw mocks.
// The workspace packages from their sources (tsconfig.json names the same condition).
const SOURCE = '@course-service/source';

export default defineConfig({
  resolve: { conditions: [SOURCE, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [SOURCE, ...defaultServerConditions] } },
  test: {
    // Most suites wait on servers, child processes and the network rather than compute, so even a
    // two-core machine runs four files at a time.
    maxWorkers: Math.max(availableParallelism() - 1, 4),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          globalSetup: SERVICES,
          include: [
            '{runtime,server,sdk,mocks,dashboard,bench,scripts,test-support}/**/*.test.ts',
            'contract-tests/{validator,pacing,parity,mutants,extra-operation,text-rule,documented-examples,koa-middleware,deprecation,replay}.test.ts',
            'contract-tests/diff/*.test.ts',
          ],
          exclude: [
            'server/scale-out/**',
            'scripts/packages.test.ts',
            // Files that break the import rules on purpose, one of them a contract suite's test file.
            'scripts/fixtures/**',
            ...(process.env.NODE_LEG ? NODE_AGNOSTIC : []),
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'server:postgres',
          globalSetup: SERVICES,
          include: SERVER_HTTP_TESTS,
          // These choose their backend themselves; once is enough.
          exclude: [
            'server/rate-limit/redis-down.test.ts',
            'server/operations/get-health.test.ts',
            'server/auth/secret-fingerprint.test.ts',
          ],
          env: { TEST_BACKEND: 'postgres' },
        },
      },
      {
        extends: true,
        test: { name: 'scale-out', globalSetup: SERVICES, include: ['server/scale-out/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'contract:server',
          include: ['contract-tests/contract.test.ts'],
          setupFiles: [IN_PROCESS_TARGETS],
        },
      },
      { extends: true, test: { name: 'fuzz', globalSetup: SERVICES, include: ['fuzz/**/*.test.ts'] } },
      {
        extends: true,
        // The packages packed and installed as users get them: slow (npm installs from the registry).
        test: { name: 'packages', include: ['scripts/packages.test.ts'], testTimeout: 240_000 },
      },
      {
        extends: true,
        test: {
          name: 'contract:server-postgres',
          globalSetup: SERVICES,
          include: ['contract-tests/contract.test.ts'],
          setupFiles: ['test-support/contract-targets/postgres-backend.ts', IN_PROCESS_TARGETS],
          env: { TEST_BACKEND: 'postgres' },
        },
      },
      {
        extends: true,
        test: {
          name: 'contract:mocks',
          include: ['contract-tests/contract.test.ts'],
          setupFiles: [IN_PROCESS_TARGETS],
          env: { CONTRACT_TARGET: 'mocks' },
        },
      },
    ],
  },
});
