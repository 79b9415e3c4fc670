import { describe, expect, it } from 'vitest';
import { createUsageTracker } from '../core/auth/usage-tracker.ts';
import { createMemoryStore } from './memory-store.ts';

const at = Date.parse('2026-02-01T10:15:00.000Z');
const hour = '2026-02-01T10:00:00.000Z';

describe('usage tracker', () => {
  it('counts per hour and outcome in memory, then adds them to the store in one batch', async () => {
    const store = createMemoryStore();
    const usage = createUsageTracker(store, 3_600_000);
    for (const status of [200, 201, 304, 403, 429, 404, 400, 500, 503])
      usage.count('k', status, at, '10.0.0.1', 'ua');
    const counts = { success: 3, forbidden: 1, rateLimited: 1, clientError: 2, serverError: 2 };
    expect(usage.pending('k').hours).toEqual([{ keyId: 'k', hour, ...counts }]);
    await usage.flush();
    expect(usage.pending('k')).toEqual({ hours: [], client: undefined });
    usage.count('k', 200, at + 60_000, '10.0.0.2', undefined);
    await usage.stop();
    const stored = await store.listApiKeyUsage({ keyId: 'k', from: hour, to: '2026-02-01T11:00:00.000Z' });
    expect(stored).toEqual([{ keyId: 'k', hour, ...counts, success: 4 }]);
    expect(await store.getApiKeyClient('k')).toEqual({
      keyId: 'k',
      at: '2026-02-01T10:16:00.000Z',
      address: '10.0.0.2',
      userAgent: null,
    });
  });

  it('keeps the counts of a write the store refused, for the next one', async () => {
    const store = createMemoryStore();
    const usage = createUsageTracker(store, 3_600_000);
    usage.count('k', 200, at, '10.0.0.1', 'x'.repeat(500));
    await store.close();
    await expect(usage.flush()).rejects.toThrow('closed');
    expect(usage.pending('k').hours).toEqual([
      { keyId: 'k', hour, success: 1, forbidden: 0, rateLimited: 0, clientError: 0, serverError: 0 },
    ]);
    expect(usage.pending('k').client?.userAgent).toHaveLength(200);
    await usage.stop().catch(() => undefined);
  });
});
