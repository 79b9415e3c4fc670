// The architecture's import rules, checked with dependency-cruiser by scripts/import-rules.test.ts (npm test).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
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
      name: 'bench-uses-public-entries',
      comment:
        'The benchmark is a tool: it reaches the server and the shared runtime only through their public ' +
        'entries (server/index.ts, runtime/core/index.ts), never a file inside them, and no test support.',
      severity: 'error',
      from: { path: '^bench/' },
      to: {
        path: '^(server|runtime|mocks|sdk|contract-tests|dashboard|fuzz|scripts|test-support)/',
        pathNot: '^(server/index|runtime/core/index)\\.ts$',
      },
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
    exclude: { path: ['^node_modules', '^dist/', '\\.gen\\.ts$', '^sdk/gen/'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
