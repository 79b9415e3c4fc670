import { page } from '../../domain/pagination.ts';
import { noteExpiry } from '../operation-helpers/key-expiry.ts';
import { keyNotFound, type OperationHandler, ownerOf } from '../operation-helpers/operation.ts';
import { pageQuery } from '../operation-helpers/pagination.ts';
import { apiKeyEventView } from '../operation-helpers/representations.ts';

/** `GET /api/v1/api-keys/{keyId}/events`: the key's history, newest first; another owner's key is a missing one. */
export const listApiKeyEvents: OperationHandler = async ({ params, query, caller }, { store, clock }) => {
  const { limit, beforeSeq } = pageQuery(query);
  const ownerId = ownerOf(caller);
  const keyId = params.keyId as string;
  const key = await store.getApiKey(ownerId, keyId);
  if (!key) throw keyNotFound(keyId);
  await noteExpiry(store, key, clock());
  const rows = await store.listApiKeyEvents({ ownerId, keyId, limit: limit + 1, beforeSeq });
  const { data, hasMore, nextCursor } = page(rows, limit);
  return { data: data.map(apiKeyEventView), hasMore, nextCursor };
};
