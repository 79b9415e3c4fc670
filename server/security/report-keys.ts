import type { ReportKeys } from '@course-service/runtime';
import { serviceUnavailable } from '@course-service/runtime';

/** How long the published keys are used before they are fetched again. */
const CACHE_MS = 10 * 60_000;
/** How soon an unknown key identifier may fetch the list again. */
const REFRESH_MS = 60_000;
/** The largest answer read; a real key list is a few kilobytes. */
const MAX_BYTES = 256 * 1024;

type PublishedKeys = { public_keys?: Array<{ key_identifier?: unknown; key?: unknown }> };

/**
 * The public keys a secret scanner signs its reports with, fetched from `url` (GitHub's format:
 * `{ public_keys: [{ key_identifier, key }] }`) within `timeoutMs`, and cached for ten minutes; an
 * identifier the cached list lacks fetches it again (at most once a minute), so a newly published
 * key works without waiting ten minutes.
 * A list that cannot be fetched answers `503`.
 *
 * @example const keys = createReportKeys('https://api.github.com/meta/public_keys/secret_scanning', 5000);
 */
export function createReportKeys(url: string, timeoutMs: number, now: () => number = Date.now): ReportKeys {
  let cached: { keys: Map<string, string>; at: number } | undefined;
  const load = async () => {
    let keys: Map<string, string>;
    try {
      const response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
      const text = await response.text();
      if (!response.ok || text.length > MAX_BYTES) throw new Error(`status ${response.status}`);
      const published = JSON.parse(text) as PublishedKeys;
      keys = new Map(
        (published.public_keys ?? [])
          .filter((k) => typeof k.key_identifier === 'string' && typeof k.key === 'string')
          .map((k) => [k.key_identifier as string, k.key as string]),
      );
    } catch (error) {
      throw serviceUnavailable("The secret scanner's published keys", { cause: error });
    }
    cached = { keys, at: now() };
    return keys;
  };
  return {
    async publicKey(identifier) {
      const held = cached && now() - cached.at < CACHE_MS ? cached : undefined;
      const keys = held?.keys ?? (await load());
      // An identifier the list lacks: the scanner may have published a key since; asked again at
      // most once a minute, so made-up identifiers cannot make every report fetch the list.
      if (keys.has(identifier) || !held || now() - held.at < REFRESH_MS) return keys.get(identifier);
      return (await load()).get(identifier);
    },
  };
}
