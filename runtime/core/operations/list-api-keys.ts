import type { KeyEnvironment } from '../../domain/api-key-format.ts';
import { page } from '../../domain/pagination.ts';
import { type OperationHandler, ownerOf } from '../operation-helpers/operation.ts';
import { pageQuery } from '../operation-helpers/pagination.ts';
import { apiKeyView } from '../operation-helpers/representations.ts';

/** `GET /api/v1/api-keys`: the caller's keys (of one environment, if asked), newest first, without their values. */
export const listApiKeys: OperationHandler = async ({ query, caller }, { store, clock, lastUsed }) => {
  const { limit, beforeSeq } = pageQuery(query);
  const environment = query.environment as KeyEnvironment | undefined;
  const rows = await store.listApiKeys({
    ownerId: ownerOf(caller),
    environment,
    limit: limit + 1,
    beforeSeq,
  });
  const { data, hasMore, nextCursor } = page(rows, limit);
  const now = clock();
  return { data: data.map((key) => apiKeyView(key, now, lastUsed.pending(key.id))), hasMore, nextCursor };
};
