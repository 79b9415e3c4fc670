// The architecture's layers, bottom first: what docs/architecture.md states and what
// .dependency-cruiser.cjs enforces, kept in one place. A folder's code may import its own layer and
// the layers before it, never one after it (tests beside the code may also use test support).
/** @type {ReadonlyArray<{ layer: string, folders: string[] }>} */
module.exports = [
  { layer: 'domain rules', folders: ['runtime/domain'] },
  { layer: 'core', folders: ['runtime/core'] },
  { layer: 'runtime parts', folders: ['runtime/embedded-store', 'runtime/rate-limit', 'runtime/webhooks'] },
  { layer: 'sdk', folders: ['sdk'] },
  { layer: 'faces', folders: ['server', 'mocks', 'contract-tests', 'dashboard'] },
  { layer: 'test support', folders: ['test-support'] },
  { layer: 'tools', folders: ['bench', 'fuzz', 'scripts'] },
];
