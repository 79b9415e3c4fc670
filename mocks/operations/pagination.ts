import { decodeCursor, encodeCursor } from '../../domain/cursor.ts';
import { MockApiError } from '../mock-error.ts';

/**
 * Reads `limit` and `cursor` from a validated query: the page size and the position to continue after.
 *
 * @example pageQuery({ limit: 2 }) // { limit: 2, beforeSeq: undefined }
 */
export function pageQuery(query: Record<string, unknown>): { limit: number; beforeSeq: number | undefined } {
  const limit = (query.limit as number | undefined) ?? 20;
  const cursor = query.cursor as string | undefined;
  if (cursor === undefined) return { limit, beforeSeq: undefined };
  const beforeSeq = decodeCursor(cursor);
  if (beforeSeq === undefined) {
    throw new MockApiError(
      'invalid_cursor',
      'The cursor is not one this service issued; pass the nextCursor of the previous page.',
      {
        extensions: {
          errors: [{ location: 'query', pointer: '/cursor', detail: 'is not a cursor this service issued' }],
        },
      },
    );
  }
  return { limit, beforeSeq };
}

/**
 * A page of a list from `limit + 1` rows, with the cursor for the next one.
 *
 * @example page(rows, 20) // { data, hasMore, nextCursor }
 */
export function page<T extends { seq: number }>(rows: T[], limit: number) {
  const hasMore = rows.length > limit;
  const data = hasMore ? rows.slice(0, limit) : rows;
  const last = data.at(-1);
  return { data, hasMore, nextCursor: hasMore && last !== undefined ? encodeCursor(last.seq) : null };
}
