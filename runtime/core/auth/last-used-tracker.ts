import type { Store } from '../model/store.ts';

/**
 * Remembers when keys were last used, to the minute (the first request of the latest minute, so
 * never before the key was created), and writes them in one batch per interval, so authenticating
 * a request costs no database write.
 */
export interface LastUsedTracker {
  touch(keyId: string, at: Date): void;
  /** The pending (not yet written) time for a key, if newer than the stored one. */
  pending(keyId: string): string | undefined;
  flush(): Promise<void>;
  stop(): Promise<void>;
}

/** Creates a tracker writing to `store` every `intervalMs`. */
export function createLastUsedTracker(store: Store, intervalMs = 60_000): LastUsedTracker {
  const pending = new Map<string, string>();
  const lastMinute = new Map<string, number>();
  const flush = async () => {
    if (pending.size === 0) return;
    const batch = [...pending].map(([id, lastUsedAt]) => ({ id, lastUsedAt }));
    pending.clear();
    await store.recordApiKeyUse(batch);
  };
  const timer = setInterval(() => void flush().catch(() => undefined), intervalMs);
  // In Node the timer must not keep a process alive; browsers have no such notion.
  (timer as { unref?: () => void }).unref?.();
  return {
    touch(keyId, at) {
      // Called on every authenticated request: format a time only when the minute changes.
      const minute = Math.floor(at.getTime() / 60_000);
      if (lastMinute.get(keyId) === minute) return;
      lastMinute.set(keyId, minute);
      pending.set(keyId, at.toISOString());
    },
    pending: (keyId) => pending.get(keyId),
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
