import type { ApiKeyRecord, Store } from '../model/store.ts';

/**
 * Records a key's expiry in its history once it has passed (before any revocation): the service
 * notes it when the history is read or the key is revoked, not at the moment it happens, dated at
 * `expiresAt` all the same. Recording it twice changes nothing.
 */
export async function noteExpiry(store: Store, key: ApiKeyRecord, now: Date): Promise<void> {
  if (key.expiresAt === null) return;
  const until = key.revokedAt === null ? now.getTime() : Date.parse(key.revokedAt);
  if (Date.parse(key.expiresAt) <= until) await store.recordApiKeyExpiry(key);
}
