import { ApiError } from '../model/api-error.ts';
import { type OperationHandler, ownerOf } from './operation.ts';
import { apiKeyView } from './representations.ts';

/** `DELETE /api/v1/api-keys/{keyId}`: revokes the key from the next request on. Revoking twice changes nothing. */
export const revokeApiKey: OperationHandler = async ({ params, caller }, deps) => {
  const { store, clock, lastUsed } = deps;
  const keyId = params.keyId as string;
  const now = clock();
  const revokedAt = now.toISOString();
  const key = await store.revokeApiKey(ownerOf(caller), keyId, revokedAt);
  if (!key) throw new ApiError('not_found', `No API key '${keyId}' exists.`);
  // A key revoked before keeps its first revocation time: only this call's revocation counts.
  if (key.revokedAt === revokedAt) deps.observer.apiKeyRevoked();
  return apiKeyView(key, now, lastUsed.pending(key.id));
};
