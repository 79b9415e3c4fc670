import { page } from '../../domain/pagination.ts';
import { type OperationHandler, ownerOf } from './operation.ts';
import { pageQuery } from './pagination.ts';
import { apiKeyView } from './representations.ts';

/** `GET /api/v1/api-keys`: the caller's keys, newest first, without their values. */
export const listApiKeys: OperationHandler = async ({ query, caller }, { store, clock, lastUsed }) => {
  const { limit, beforeSeq } = pageQuery(query);
  const rows = await store.listApiKeys({ ownerId: ownerOf(caller), limit: limit + 1, beforeSeq });
  const { data, hasMore, nextCursor } = page(rows, limit);
  const now = clock();
  return { data: data.map((key) => apiKeyView(key, now, lastUsed.pending(key.id))), hasMore, nextCursor };
};
