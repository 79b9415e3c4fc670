// `npm run build -w contract-tests`: the `course-contract` command, its library entry and the suite's
// two test files, in dist/contract-tests (where the command finds the test files and, one folder up,
// the spec). The SDK and the runtime it uses are bundled in, so the package installs alone.
import { build } from 'esbuild';
import { bundleTypes, declaredPackages } from './bundle-package.ts';

const suite = (path: string) => new URL(`../contract-tests/${path}`, import.meta.url).pathname;
const external = declaredPackages(new URL('../contract-tests/package.json', import.meta.url));

await build({
  entryPoints: ['cli.ts', 'index.ts', 'contract.test.ts', 'validator.test.ts'].map(suite),
  outdir: suite('dist/contract-tests'),
  chunkNames: '[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  plugins: [
    {
      name: 'declared-packages-external',
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, ({ path }) =>
          external(path) ? { path, external: true } : undefined,
        );
      },
    },
  ],
  logLevel: 'warning',
});
await bundleTypes(suite('index.ts'), suite('dist/contract-tests/index.d.ts'), external);
