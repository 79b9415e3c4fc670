import { gzipSync } from 'node:zlib';
import { type BuildOptions, build } from 'esbuild';

/**
 * The SDK's main entry, bundled for a browser, minified and gzipped, stays within this: what every
 * application using the SDK pays, whether or not it uses the companions.
 */
export const SDK_MAIN_BUDGET_BYTES = 10 * 1024;

/**
 * Bundles `entry` (esbuild options: an entry point or `stdin`) as a browser would get it, minified;
 * its gzipped size and the files it took in.
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
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return {
    gzipped: gzipSync(result.outputFiles[0]?.contents ?? new Uint8Array()).length,
    inputs: Object.keys(result.metafile.inputs),
  };
}
