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

// `.ci/run` runs the tests again on Node 22 and 24 (NODE_LEG=1), but only what can differ between
// Node majors; the full run on Node 20 covers the rest. The rule: the contract suite in full against
// the server and the mocks (every operation through Node's HTTP server, fetch and msw), and of the
// unit project the folders whose subject is a Node API or a driver (NODE_DEPENDENT): the SDK (fetch,
// abort signals and timeouts, retries, WebCrypto), the mocks (msw's interception), the dispatcher
// (timers, the event loop's order), the server's HTTP adapter (Node's server and parser), webhook
// delivery (outbound HTTP(S), DNS, TLS), stores (sql.js's wasm, files and fsync, pg), rate limits
// and outages (ioredis and pg when a service goes away), auth (jose, WebCrypto), metrics and tracing
// (aborted sockets, OpenTelemetry's hooks into node:http), the process (start, signals, exit:
// server/*.test.ts), the test services (drivers, child processes), and the OWASP files that rest on
// Node's network (its HTTP server's limits, DNS and connect). Left to Node 20: pure logic (the
// runtime's core, domain rules and embedded store), tools and docs (bench, scripts, the contract suite's own tests), the browser tests
// (dashboard), and the rules over HTTP (operations, MCP, security, idempotency, CLI, dashboard
// routes), whose HTTP path the contract suite takes on every Node.
const NODE_DEPENDENT = [
  '{sdk,mocks,runtime/webhooks}/**/*.test.ts',
  'server/*.test.ts',
  'server/{http,webhooks,store,rate-limit,outages,auth,metrics,tracing}/**/*.test.ts',
  'test-support/{services,contract-targets}/**/*.test.ts',
  'server/security/{api4-*,api7-*,resolving-*}.test.ts',
];

// Inside those folders, the files whose subject does not depend on the Node that runs them:
// Chromium (the mocks in a service worker, the mocks guide's examples, one of which runs there),
// the guides' examples (compiled with tsc, bundled, the server guide's shell recipes, or the mocks
// guide's Python test and curl session: whether the docs are true does not depend on the Node that
// checks them), and the kill -9 stresses of
// writes and of webhook deliveries (the lock they rely on is tested on every Node by
// data-dir-lock.test.ts, delivery by the webhook suites).
const NODE_AGNOSTIC = [
  'mocks/browser.test.ts',
  'mocks/documented-examples.test.ts',
  'mocks/cli/other-languages.test.ts',
  'sdk/{examples-compile,documented-examples,bundle-size}.test.ts',
  'server/documented-examples.test.ts',
  'server/kill-restart.test.ts',
  'server/store/sqljs/crash.test.ts',
  'server/webhooks/webhook-kill-restart.test.ts',
];

// Projects: unit and integration suites beside the code; those suites again on PostgreSQL + Redis;
// the multi-instance tests (real processes on one database); and the contract suite against the
// reference server (on each backend) and against the msw mocks.
// The workspace packages from their sources (tsconfig.json names the same condition), added to the
// conditions vitest uses by default (Vite's, without `module` on the server side).
const SOURCE = '@course-service/source';
const SERVER_CONDITIONS = defaultServerConditions.filter((condition) => condition !== 'module');

export default defineConfig({
  resolve: { conditions: [SOURCE, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [SOURCE, ...SERVER_CONDITIONS] } },
  test: {
    // Most suites wait on servers, child processes and the network rather than compute, so even a
    // two-core machine runs four files at a time.
    maxWorkers: Math.max(availableParallelism() - 1, 4),
    // A worker keeps the modules it has loaded from one test file to the next, so the server, the
    // spec's compiled validators and sql.js load once per worker, not once per file (this took two
    // fifths of the unit project's CPU time). Safe because no test mocks a module, and each file that
    // changes something global (fake timers, `globalThis.fetch`, spies) puts it back in its hooks.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          globalSetup: SERVICES,
          include: process.env.NODE_LEG
            ? NODE_DEPENDENT
            : [
                '{runtime,server,sdk,mocks,dashboard,bench,scripts,test-support}/**/*.test.ts',
                'contract-tests/{validator,pacing,preflight,duplicate-race,parity,mutants,extra-operation,text-rule,documented-examples,koa-middleware,deprecation,replay}.test.ts',
                'contract-tests/diff/*.test.ts',
              ],
          exclude: [
            'server/scale-out/**',
            'scripts/packages/**',
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
        // Each package is packed once per run, into the folder its global setup provides.
        test: {
          name: 'packages',
          globalSetup: ['test-support/packages/packed-dir.global.ts'],
          include: ['scripts/packages/*.test.ts'],
          testTimeout: 240_000,
        },
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
