// The architecture's import rules, checked with dependency-cruiser by scripts/import-rules.test.ts (npm test).
const LAYERS = require('./scripts/layers.cjs');

/** A folder list as one anchored pattern: `^(runtime/core|sdk)/`. */
const under = (folders) => `^(${folders.join('|')})/`;

// Tests, and the test support beside them (`*.fixture.ts`): they may use what they test and the
// test support, whatever layer that is in.
const TESTS = '\\.(test|fixture)\\.ts$';
// Where the repository's test support lives: one folder, and fixtures beside the tests that use them.
const TEST_SUPPORT = ['^test-support/', '\\.fixture\\.ts$'];
const TOOLS = ['bench', 'fuzz', 'scripts'];
// The packages, each reached from outside through its name (its `exports`), never a file's path.
const PACKAGES = ['runtime', 'server', 'mocks', 'contract-tests', 'sdk'];
// What never ships: test support, fixtures, examples, the tools.
const REPOSITORY_ONLY = [...TEST_SUPPORT, '(^|/)(fixtures|examples)/', under(TOOLS)];

/** One rule per layer: its code (tests aside) imports nothing of a layer above it. */
const layerRules = LAYERS.slice(0, -1).map(({ layer, folders }, index) => {
  const above = LAYERS.slice(index + 1);
  return {
    name: 'layers',
    comment:
      `The layers (scripts/layers.cjs) import downwards only: ${layer} (${folders.join(', ')}) imports ` +
      `nothing of ${above.map((later) => later.layer).join(', ')}.`,
    severity: 'error',
    from: { path: under(folders), pathNot: TESTS },
    to: { path: under(above.flatMap((later) => later.folders)) },
  };
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'domain-imports-nothing',
      comment:
        'The domain rules are pure functions over plain values: they import only each other, no other ' +
        'module of ours, no package and no Node module.',
      severity: 'error',
      from: { path: '^runtime/domain/', pathNot: TESTS },
      to: { pathNot: '^runtime/domain/' },
    },
    {
      name: 'core-imports-no-transport',
      comment:
        'The core runs in Node, in a browser (the mocks) and behind any transport: it imports no Node module and ' +
        'no package but its validators (ajv, ajv-formats, openapi-backend); the world comes in through ports.',
      severity: 'error',
      from: { path: '^runtime/core/', pathNot: '\\.test\\.ts$' },
      to: {
        dependencyTypesNot: ['local', 'type-only'],
        pathNot: ['^node_modules/(ajv|ajv-formats|openapi-backend)/'],
      },
    },
    {
      name: 'core-imports-only-core-and-domain',
      comment: 'The core sits below every adapter: it imports nothing of the server, the mocks or the SDK.',
      severity: 'error',
      from: { path: '^runtime/core/' },
      to: { path: '^(server|mocks|sdk|contract-tests|dashboard|fuzz|bench)/' },
    },
    {
      name: 'webhooks-run-anywhere',
      comment:
        'The webhook delivery engine runs in the server and in the mocks (Node or a browser): it uses Web APIs, ' +
        'imports no Node module, nothing of the server or the mocks, and no package but standardwebhooks.',
      severity: 'error',
      from: { path: '^runtime/webhooks/', pathNot: '\\.test\\.ts$' },
      to: {
        path: ['^(server|mocks|sdk|contract-tests|dashboard|fuzz|bench)/'],
      },
    },
    {
      name: 'webhooks-import-no-node',
      comment: 'See webhooks-run-anywhere: only local modules and standardwebhooks.',
      severity: 'error',
      from: { path: '^runtime/webhooks/', pathNot: '\\.test\\.ts$' },
      to: {
        dependencyTypesNot: ['local', 'type-only'],
        pathNot: ['^node_modules/standardwebhooks/'],
      },
    },
    {
      name: 'mocks-import-no-server',
      comment:
        'The mocks ship without the server: what both use (the core, the memory store, the fixed-window limits) ' +
        'lives below both, never in server/.',
      severity: 'error',
      from: { path: '^mocks/' },
      to: { path: '^server/' },
    },
    {
      name: 'test-support-only-in-tests',
      comment:
        'Test support (test-support/, *.fixture.ts) is for tests and tools: no other code imports it, so ' +
        'nothing that ships or configures the repository depends on it.',
      severity: 'error',
      from: { pathNot: [TESTS, ...TEST_SUPPORT, under(TOOLS)] },
      to: { path: TEST_SUPPORT },
    },
    {
      name: 'tools-use-public-entries',
      comment:
        'Tools (bench/, fuzz/, scripts/) reach the packages as their users do, through the package names ' +
        '(what `exports` offers), or through test-support/: never by a path into a package.',
      severity: 'error',
      from: { path: under(TOOLS) },
      to: { path: under(PACKAGES), dependencyTypesNot: ['aliased-workspace'] },
    },
    {
      name: 'shipped-code-imports-no-repository-files',
      comment:
        "What ships (the packages' and the dashboard's code, and the contract suite's two test files that run " +
        'from the published package) imports no file that stays in the repository: test support, fixtures, ' +
        'examples, the tools. (scripts/import-rules.test.ts also refuses a computed import() there.)',
      severity: 'error',
      from: {
        path: under([...PACKAGES, 'dashboard']),
        pathNot: ['^(?!contract-tests/(contract|validator)\\.test\\.ts$).*\\.test\\.ts$', ...REPOSITORY_ONLY],
      },
      to: { path: REPOSITORY_ONLY },
    },
    {
      name: 'no-folder-cycles',
      comment: 'Folders import downwards only: no folder imports a folder that imports it back.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-file-cycles',
      comment: 'No two files import each other, however indirectly.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: [
        '^[^/]*/?dist/',
        '\\.gen\\.ts$',
        '^sdk/gen/',
        // The import rules' own fixtures break them on purpose: scripts/import-rules.test.ts cruises them alone.
        '^scripts/fixtures/',
        // The packages' tests (not the tools'), but for the contract suite's two that ship: a test may use
        // anything, and with the test support it uses it would close a folder cycle by construction
        // (server's tests → test-support/server → server).
        '^(?!contract-tests/(contract|validator)\\.test\\.ts$)(runtime|server|mocks|sdk|contract-tests|dashboard|test-support)/.*\\.test\\.ts$',
      ],
    },
    tsPreCompilationDeps: true,
    // Workspace packages are told from relative paths (`aliased-workspace`), for tools-use-public-entries.
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      // The workspace packages resolve to their sources, as tsconfig.json and vitest resolve them.
      conditionNames: ['@course-service/source', 'import', 'require', 'node', 'default'],
    },
  },
};
