import { ApiError } from '../model/api-error.ts';
import { type OperationHandler, ownerOf } from './operation.ts';
import { apiKeyView } from './representations.ts';

/** `DELETE /api/v1/api-keys/{keyId}`: revokes the key from the next request on. Revoking twice changes nothing. */
export const revokeApiKey: OperationHandler = async ({ params, caller }, { store, clock, lastUsed }) => {
  const keyId = params.keyId as string;
  const now = clock();
  const key = await store.revokeApiKey(ownerOf(caller), keyId, now.toISOString());
  if (!key) throw new ApiError('not_found', `No API key '${keyId}' exists.`);
  return apiKeyView(key, now, lastUsed.pending(key.id));
};
