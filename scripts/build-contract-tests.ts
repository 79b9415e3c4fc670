// `npm run build -w contract-tests`: the `course-contract` command, its library entry and the suite's
// two test files, in dist/contract-tests (where the command finds the test files and, one folder up,
// the spec). The SDK and the runtime it uses are bundled in, so the package installs alone.
import { bundleForNode, bundleTypes, declaredPackages } from './bundle-package.ts';

const suite = (path: string) => new URL(`../contract-tests/${path}`, import.meta.url).pathname;
const external = declaredPackages(new URL('../contract-tests/package.json', import.meta.url));

await bundleForNode(
  {
    entryPoints: ['cli.ts', 'index.ts', 'contract.test.ts', 'validator.test.ts'].map(suite),
    outdir: suite('dist/contract-tests'),
  },
  external,
);
await bundleTypes(suite('index.ts'), suite('dist/contract-tests/index.d.ts'), external);
