import type { BuildOptions, Plugin } from 'esbuild';

// openapi-backend's reference parser requires Node's `path` (only for references to files, which
// the embedded spec does not have) and its error helper `util` (for a symbol): empty modules do.
const nodeOnlyModules: Plugin = {
  name: 'node-only-modules',
  setup(builder) {
    builder.onResolve({ filter: /^(path|util)$/ }, ({ path }) => ({ path, namespace: 'empty' }));
    builder.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: 'module.exports = {};' }));
  },
};

/**
 * How the mocks (and anything built on the core) are bundled for a browser: the browser build of
 * every dependency, Node-only modules left empty. The same file runs in a page driving msw's
 * service worker and in Node, which has the web APIs it uses (fetch, WebCrypto, TextEncoder).
 */
export const browserBundleOptions = {
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  plugins: [nodeOnlyModules],
} satisfies BuildOptions;
