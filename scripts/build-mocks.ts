// `npm run build -w mocks`: the mocks package, self-contained. The service's core (and the
// validators it runs, openapi-backend and Ajv) is bundled in, so installing the mocks adds only
// msw (a peer) to an application; the types are bundled too, so they name nothing unpublished.
import { build } from 'esbuild';
import { rollup } from 'rollup';
import { dts } from 'rollup-plugin-dts';
import { browserBundleOptions } from './browser-bundle.ts';

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

const types = await rollup({
  input: entry,
  external: (id) => id === 'msw' || id.startsWith('msw/'),
  plugins: [dts({ compilerOptions: { allowImportingTsExtensions: true, noEmit: false } })],
});
await types.write({ file: `${out}index.d.ts`, format: 'es' });
await types.close();
