import type { ApiKeyClientRecord, ApiKeyUsageRecord, Store, UsageCounts } from '../model/store.ts';

const HOUR_MS = 3_600_000;
const USER_AGENT_LIMIT = 200;

/**
 * Counts the requests each key authenticates, per hour and outcome, with its latest client, in
 * memory, and writes them in one batch per interval, so counting costs a request no store write.
 * A crash loses at most the counts of the last interval; a failed write is retried with the next.
 */
export interface UsageTracker {
  /** Counts one request of `keyId`, answered with `status` at `atMs`, from `address`. */
  count(keyId: string, status: number, atMs: number, address: string, userAgent: string | undefined): void;
  /** What is counted for `keyId` and not yet written: its hours and its latest client. */
  pending(keyId: string): { hours: ApiKeyUsageRecord[]; client: ApiKeyClientRecord | undefined };
  flush(): Promise<void>;
  stop(): Promise<void>;
}

/** The outcome a status counts as. */
function outcomeOf(status: number): keyof UsageCounts {
  if (status < 400) return 'success';
  if (status === 403) return 'forbidden';
  if (status === 429) return 'rateLimited';
  return status < 500 ? 'clientError' : 'serverError';
}

const none = (): UsageCounts => ({
  success: 0,
  forbidden: 0,
  rateLimited: 0,
  clientError: 0,
  serverError: 0,
});

type Client = { atMs: number; address: string; userAgent: string | null };

function hoursOf(keyId: string, hours: Map<number, UsageCounts>): ApiKeyUsageRecord[] {
  return [...hours].map(([hour, counts]) => ({
    keyId,
    hour: new Date(hour * HOUR_MS).toISOString(),
    ...counts,
  }));
}

function clientOf(keyId: string, client: Client): ApiKeyClientRecord {
  return {
    keyId,
    at: new Date(client.atMs).toISOString(),
    address: client.address,
    userAgent: client.userAgent,
  };
}

/** Creates a tracker writing to `store` every `intervalMs`. */
export function createUsageTracker(store: Store, intervalMs = 60_000): UsageTracker {
  let counts = new Map<string, Map<number, UsageCounts>>();
  let clients = new Map<string, Client>();
  const add = (keyId: string, hour: number, outcome: keyof UsageCounts, n: number) => {
    let hours = counts.get(keyId);
    if (!hours) {
      hours = new Map();
      counts.set(keyId, hours);
    }
    let bucket = hours.get(hour);
    if (!bucket) {
      bucket = none();
      hours.set(hour, bucket);
    }
    bucket[outcome] += n;
  };
  const flush = async () => {
    if (counts.size === 0 && clients.size === 0) return;
    const [written, seen] = [counts, clients];
    counts = new Map();
    clients = new Map();
    const hours = [...written].flatMap(([keyId, byHour]) => hoursOf(keyId, byHour));
    try {
      await store.recordApiKeyUsage(
        hours,
        [...seen].map(([keyId, client]) => clientOf(keyId, client)),
      );
    } catch (error) {
      // Kept for the next write: a store that did not answer has not counted them.
      for (const hour of hours) {
        const at = Date.parse(hour.hour) / HOUR_MS;
        for (const outcome of Object.keys(none()) as Array<keyof UsageCounts>)
          if (hour[outcome] > 0) add(hour.keyId, at, outcome, hour[outcome]);
      }
      for (const [keyId, client] of seen) if (!clients.has(keyId)) clients.set(keyId, client);
      throw error;
    }
  };
  const timer = setInterval(() => void flush().catch(() => undefined), intervalMs);
  // In Node the timer must not keep a process alive; browsers have no such notion.
  (timer as { unref?: () => void }).unref?.();
  return {
    count(keyId, status, atMs, address, userAgent) {
      add(keyId, Math.floor(atMs / HOUR_MS), outcomeOf(status), 1);
      clients.set(keyId, { atMs, address, userAgent: userAgent?.slice(0, USER_AGENT_LIMIT) ?? null });
    },
    pending(keyId) {
      const hours = counts.get(keyId);
      const client = clients.get(keyId);
      return { hours: hours ? hoursOf(keyId, hours) : [], client: client && clientOf(keyId, client) };
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
