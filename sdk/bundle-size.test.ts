import { describe, expect, it } from 'vitest';
import { browserBundle, SDK_MAIN_BUDGET_BYTES } from '../test-support/sdk-bundle.ts';

// The main entry is what every application bundles: it stays small and pulls in neither companion's
// peer. scripts/packages.test.ts checks the same of the packed tarball, installed without them.
const PEERS = /node_modules\/(zod|@tanstack\/query-core)\//;
const bundle = (entry: string) => browserBundle({ entryPoints: [new URL(entry, import.meta.url).pathname] });

describe('the SDK’s bundles', () => {
  it('the main entry bundles neither zod nor @tanstack/query-core, and stays within its budget', async () => {
    const main = await bundle('./index.ts');
    expect(main.inputs.filter((file) => PEERS.test(file))).toEqual([]);
    expect(main.gzipped).toBeLessThanOrEqual(SDK_MAIN_BUDGET_BYTES);
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
