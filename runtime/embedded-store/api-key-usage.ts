import type { ApiKeyClientRecord, ApiKeyUsageRecord, UsageCounts } from '../core/index.ts';
import { USAGE_FIELDS } from '../core/index.ts';

/** The outcomes requests are counted by: a usage row's fields after the key and the hour. */
const USAGE_OUTCOMES = USAGE_FIELDS.slice(2) as ReadonlyArray<keyof UsageCounts>;

/** Every key's usage in plain JS: counts per key and hour, and the latest client per key. */
export class ApiKeyUsageLog {
  readonly #hours = new Map<string, Map<string, ApiKeyUsageRecord>>();
  readonly #clients = new Map<string, ApiKeyClientRecord>();

  /** Adds `counts` to what each key's hour holds. */
  add(counts: readonly ApiKeyUsageRecord[]): void {
    for (const count of counts) {
      let hours = this.#hours.get(count.keyId);
      if (!hours) {
        hours = new Map();
        this.#hours.set(count.keyId, hours);
      }
      const held = hours.get(count.hour);
      const sum = { ...count };
      for (const outcome of USAGE_OUTCOMES) sum[outcome] += held?.[outcome] ?? 0;
      hours.set(count.hour, Object.freeze(sum));
    }
  }

  /** Keeps each key's latest client. */
  keep(clients: readonly ApiKeyClientRecord[]): void {
    for (const client of clients) {
      const held = this.#clients.get(client.keyId);
      if (!held || held.at < client.at) this.#clients.set(client.keyId, Object.freeze({ ...client }));
    }
  }

  /** Like `WHERE key_id = ? AND hour >= ? AND hour < ? ORDER BY hour`. */
  list(query: { keyId: string; from: string; to: string }): ApiKeyUsageRecord[] {
    const hours = [...(this.#hours.get(query.keyId)?.values() ?? [])];
    return hours
      .filter((hour) => hour.hour >= query.from && hour.hour < query.to)
      .sort((a, b) => (a.hour < b.hour ? -1 : 1));
  }

  client(keyId: string): ApiKeyClientRecord | undefined {
    return this.#clients.get(keyId);
  }
}
