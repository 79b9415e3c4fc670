import { describe, expect, it } from 'vitest';
import { browserBundle, SDK_MAIN_BUDGET_BYTES } from '../test-support/sdk/sdk-bundle.ts';

// The main entry is what every application bundles: it stays small and pulls in neither companion's
// peer. scripts/packages/sdk-package.test.ts checks the same of the packed tarball, installed without them.
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

  it('the webhook verifier is an entry of its own that bundles no package, and the main entry leaves it out', async () => {
    const webhooks = await bundle('./webhooks.ts');
    expect(webhooks.inputs.filter((file) => file.includes('node_modules/'))).toEqual([]);
    expect(webhooks.inputs.some((file) => file.endsWith('sdk/webhook-signature.ts'))).toBe(true);
    const main = await bundle('./index.ts');
    expect(main.inputs.filter((file) => /sdk\/(webhooks|webhook-signature)\.ts$/.test(file))).toEqual([]);
  });

  it('the query companion needs @tanstack/query-core for its types only', async () => {
    const query = await bundle('./query.ts');
    expect(query.inputs.filter((file) => PEERS.test(file))).toEqual([]);
  });
});
