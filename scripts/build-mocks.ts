// `npm run build -w mocks`: the mocks package, self-contained. The service's runtime (and the
// validators it runs, openapi-backend and Ajv) is bundled in, so installing the mocks adds only
// msw (a peer) to an application; the types are bundled too, so they name nothing unpublished.
import { build } from 'esbuild';
import { browserBundleOptions } from './browser-bundle.ts';
import { bundleTypes, declaredPackages } from './bundle-package.ts';

const entry = new URL('../mocks/index.ts', import.meta.url).pathname;
const out = new URL('../mocks/dist/', import.meta.url).pathname;

await build({
  entryPoints: [entry],
  outfile: `${out}index.js`,
  ...browserBundleOptions,
  external: ['msw', 'msw/*'],
  legalComments: 'eof',
  logLevel: 'warning',
});
await bundleTypes(
  entry,
  `${out}index.d.ts`,
  declaredPackages(new URL('../mocks/package.json', import.meta.url)),
);
