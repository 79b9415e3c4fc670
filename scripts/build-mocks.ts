// `npm run build -w mocks`: the mocks package, self-contained. The service's runtime (and the
// validators it runs, openapi-backend and Ajv) is bundled in, so installing the mocks adds only
// msw (a peer) to an application; the types are bundled too, so they name nothing unpublished.
// The `course-mock` command is a second file for Node that imports the first, so the package
// carries the core once.
import { build } from 'esbuild';
import { browserBundleOptions } from './browser-bundle.ts';
import { bundleTypes, declaredPackages } from './bundle-package.ts';

const entry = new URL('../mocks/index.ts', import.meta.url).pathname;
const command = new URL('../mocks/cli/main.ts', import.meta.url).pathname;
const out = new URL('../mocks/dist/', import.meta.url).pathname;

await build({
  entryPoints: [entry],
  outfile: `${out}index.js`,
  ...browserBundleOptions,
  external: ['msw', 'msw/*'],
  legalComments: 'eof',
  logLevel: 'warning',
});
await build({
  entryPoints: [command],
  outfile: `${out}cli.js`,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['msw', 'msw/*'],
  // The command's one way into the mocks is the package's entry, which the build above wrote.
  plugins: [
    {
      name: 'package-entry',
      setup(builder) {
        builder.onResolve({ filter: /^\.\.\/index\.ts$/ }, ({ importer }) =>
          importer.startsWith(new URL('../mocks/cli/', import.meta.url).pathname)
            ? { path: './index.js', external: true }
            : undefined,
        );
      },
    },
  ],
  logLevel: 'warning',
});
await bundleTypes(
  entry,
  `${out}index.d.ts`,
  declaredPackages(new URL('../mocks/package.json', import.meta.url)),
);
