// `npm run build -w server`: the server package's code in dist/lib (the command, the library entry
// and their shared chunks, one folder so that every file finds the web assets at `../<name>/`), with
// the private runtime bundled in and every dependency the package declares left to npm.
import { bundleForNode, bundleTypes, declaredPackages } from './bundle-package.ts';

const server = (path: string) => new URL(`../server/${path}`, import.meta.url).pathname;
const external = declaredPackages(new URL('../server/package.json', import.meta.url));

await bundleForNode(
  {
    entryPoints: { main: server('main.ts'), index: server('index.ts') },
    outdir: server('dist/lib'),
    entryNames: '[name]',
  },
  external,
);
await bundleTypes(server('index.ts'), server('dist/lib/index.d.ts'), external);
