import { apiKeyEvent } from '../operation-helpers/event-payload.ts';
import { noteExpiry } from '../operation-helpers/key-expiry.ts';
import { auditOf, keyNotFound, type OperationHandler, ownerOf } from '../operation-helpers/operation.ts';
import { apiKeyView } from '../operation-helpers/representations.ts';

/** `DELETE /api/v1/api-keys/{keyId}`: revokes the key from the next request on. Revoking twice changes nothing. */
export const revokeApiKey: OperationHandler = async (input, deps) => {
  const { store, clock, lastUsed } = deps;
  const keyId = input.params.keyId as string;
  const ownerId = ownerOf(input.caller);
  const now = clock();
  const revokedAt = now.toISOString();
  // An expiry that came first stays first in the history.
  const current = await store.getApiKey(ownerId, keyId);
  if (!current) throw keyNotFound(keyId);
  await noteExpiry(store, current, now);
  const event = apiKeyEvent('api_key.revoked', deps.ids, now);
  const key = await store.revokeApiKey(ownerId, keyId, revokedAt, auditOf(input), event);
  if (!key) throw keyNotFound(keyId);
  // A key revoked before keeps its first revocation time: only this call's revocation counts.
  if (key.revokedAt === revokedAt) deps.observer.apiKeyRevoked();
  return apiKeyView(key, now, lastUsed.pending(key.id));
};
