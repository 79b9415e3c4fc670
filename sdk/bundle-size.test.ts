import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

// The main entry is what every application bundles: it stays small and pulls in neither companion's
// peer. Measured as a browser bundle of everything it exports, minified, then gzipped.
const MAIN_ENTRY_BUDGET_BYTES = 8 * 1024;
const PEERS = /node_modules\/(zod|@tanstack\/query-core)\//;

/** A minified browser bundle of one of the SDK's entries: its gzipped size and the files in it. */
async function bundle(entry: string) {
  const result = await build({
    entryPoints: [new URL(entry, import.meta.url).pathname],
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

describe('the SDK’s bundles', () => {
  it('the main entry bundles neither zod nor @tanstack/query-core, and stays within its budget', async () => {
    const main = await bundle('./index.ts');
    expect(main.inputs.filter((file) => PEERS.test(file))).toEqual([]);
    expect(main.gzipped).toBeLessThanOrEqual(MAIN_ENTRY_BUDGET_BYTES);
  });

  it('the zod companion does bundle zod (the check above sees a peer when one is imported)', async () => {
    const zod = await bundle('./zod.ts');
    expect(zod.inputs.some((file) => /node_modules\/zod\//.test(file))).toBe(true);
  });

  it('the query companion needs @tanstack/query-core for its types only', async () => {
    const query = await bundle('./query.ts');
    expect(query.inputs.filter((file) => PEERS.test(file))).toEqual([]);
  });
});
