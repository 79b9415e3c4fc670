import { decodeCursor, encodeCursor } from '../../domain/cursor.ts';
import { ApiError } from '../http/api-error.ts';

/** Reads `limit` and `cursor` from a validated query: the page size and the position to continue after. */
export function pageQuery(query: Record<string, unknown>): { limit: number; beforeSeq: number | undefined } {
  const limit = (query.limit as number | undefined) ?? 20;
  const cursor = query.cursor as string | undefined;
  if (cursor === undefined) return { limit, beforeSeq: undefined };
  const beforeSeq = decodeCursor(cursor);
  if (beforeSeq === undefined) {
    throw new ApiError(
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

/** The cursor that continues after an item with sequence number `seq`. */
export const cursorAfter = (item: { seq: number }) => encodeCursor(item.seq);
