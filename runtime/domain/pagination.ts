import { decodeCursor, encodeCursor } from './cursor.ts';
import type { FieldError } from './problems.ts';

/** The default page size, as the spec's `limit` parameter declares it. */
const DEFAULT_LIMIT = 20;

/** What a list request asks for: a page size, and the position to continue after. */
export interface PageRequest {
  limit: number;
  beforeSeq: number | undefined;
}

/** The problem a cursor this service did not issue gets: code, detail, and the field in error. */
export const INVALID_CURSOR = {
  code: 'invalid_cursor',
  detail: 'The cursor is not one this service issued; pass the nextCursor of the previous page.',
  errors: [
    { location: 'query', pointer: '/cursor', detail: 'is not a cursor this service issued' },
  ] as FieldError[],
} as const;

/**
 * Reads `limit` and `cursor` from a validated query; `undefined` when the cursor is not one this
 * service issued (answer {@link INVALID_CURSOR}).
 *
 * @example pageRequest({ limit: 2 }) // { limit: 2, beforeSeq: undefined }
 */
export function pageRequest(query: Record<string, unknown>): PageRequest | undefined {
  const limit = (query.limit as number | undefined) ?? DEFAULT_LIMIT;
  const cursor = query.cursor as string | undefined;
  if (cursor === undefined) return { limit, beforeSeq: undefined };
  const beforeSeq = decodeCursor(cursor);
  return beforeSeq === undefined ? undefined : { limit, beforeSeq };
}

/**
 * A page of a list from up to `limit + 1` rows, newest first, with the cursor for the next one.
 *
 * @example page(rows, 20) // { data, hasMore, nextCursor }
 */
export function page<T extends { seq: number }>(rows: T[], limit: number) {
  const hasMore = rows.length > limit;
  const data = hasMore ? rows.slice(0, limit) : rows;
  const last = data.at(-1);
  return { data, hasMore, nextCursor: hasMore && last !== undefined ? encodeCursor(last.seq) : null };
}
