// How a published package carries the private runtime (@course-service/runtime): its code and its
// types are bundled in, everything the package declares as a dependency (or peer) stays a reference.
import { readFileSync } from 'node:fs';
import { type BuildOptions, build } from 'esbuild';
import { rollup } from 'rollup';
import { dts } from 'rollup-plugin-dts';
import ts from 'typescript';

/** The package names `packageJson` declares (dependencies and peers), and a test for their imports. */
export function declaredPackages(packageJson: URL): (id: string) => boolean {
  const manifest = JSON.parse(readFileSync(packageJson, 'utf8')) as Record<string, Record<string, string>>;
  const names = [
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
  ];
  return (id) => names.some((name) => id === name || id.startsWith(`${name}/`));
}

/**
 * Writes one declaration file for `entry` to `outFile`, with the runtime's (and the SDK's) types inlined (resolved
 * through its `exports`, as the root tsconfig resolves it) and `external` imports left as they are.
 *
 * @example await bundleTypes('mocks/index.ts', 'mocks/dist/index.d.ts', (id) => id === 'msw');
 */
export async function bundleTypes(entry: string, outFile: string, external: (id: string) => boolean) {
  const types = await rollup({
    input: entry,
    external,
    plugins: [
      dts({
        includeExternal: ['@course-service/runtime', '@course-service/sdk'],
        compilerOptions: {
          allowImportingTsExtensions: true,
          noEmit: false,
          module: ts.ModuleKind.NodeNext,
          moduleResolution: ts.ModuleResolutionKind.NodeNext,
        },
      }),
    ],
  });
  await types.write({ file: outFile, format: 'es' });
  await types.close();
}

/**
 * Bundles `entryPoints` for Node into `outdir` (ES modules, shared chunks beside them, linked source
 * maps), with the runtime and every other workspace code inlined and `external` imports left to npm.
 *
 * @example await bundleForNode({ entryPoints: { main: 'server/main.ts' }, outdir: 'server/dist/lib' }, external);
 */
export async function bundleForNode(
  options: Pick<BuildOptions, 'entryPoints' | 'outdir' | 'entryNames'>,
  external: (id: string) => boolean,
) {
  await build({
    ...options,
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
}
