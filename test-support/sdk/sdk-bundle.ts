import { basename } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type BuildOptions, build } from 'esbuild';

/**
 * The SDK's main entry, bundled for a browser, minified and gzipped, stays within this: what every
 * application using the SDK pays, whether or not it uses the companions.
 */
export const SDK_MAIN_BUDGET_BYTES = 10 * 1024;

/**
 * Bundles `entry` (esbuild options: one entry point or `stdin`) as a browser would get it, minified
 * and split at dynamic imports, as application bundlers split them: the gzipped size of the entry's
 * own chunk and the files in it (what loads up front; a dynamically imported part loads when used).
 *
 * @example const { gzipped, inputs } = await browserBundle({ entryPoints: ['sdk/index.ts'] });
 */
export async function browserBundle(entry: BuildOptions): Promise<{ gzipped: number; inputs: string[] }> {
  const result = await build({
    ...entry,
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    splitting: true,
    outdir: '/bundle',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const [path, output] =
    Object.entries(result.metafile.outputs).find(([, out]) => out.entryPoint !== undefined) ?? [];
  // The metafile names outputs relative to the working directory; the files have absolute paths.
  const file = result.outputFiles.find(
    (out) => path !== undefined && out.path.endsWith(`/${basename(path)}`),
  );
  if (!output || !file) throw new Error('esbuild made no entry chunk');
  return { gzipped: gzipSync(file.contents).length, inputs: Object.keys(output.inputs) };
}
