import { encodeCursor } from '../../domain/cursor.ts';
import { retentionStart } from '../../domain/event-retention.ts';
import type { FeedEventType } from '../../domain/event-types.ts';
import { JsonText } from '../model/results.ts';
import { courseOwner, type OperationHandler } from '../operation-helpers/operation.ts';
import { pageQuery } from '../operation-helpers/pagination.ts';

/**
 * `GET /api/v1/events`: the environment's events after the cursor, oldest first, kept 30 days.
 * Each event is its stored payload, byte for byte what webhooks post. `nextCursor` is never null:
 * the last event's, else the cursor given, else one before every event.
 */
export const listEvents: OperationHandler = async ({ query, caller }, { store, clock }) => {
  // The cursor is the position of the last event seen: the feed reads forward from it.
  const { limit, beforeSeq: afterSeq } = pageQuery(query);
  const rows = await store.listEvents({
    ...courseOwner(caller),
    limit: limit + 1,
    afterSeq,
    type: query.type as FeedEventType | undefined,
    since: retentionStart(clock()),
  });
  const hasMore = rows.length > limit;
  const data = hasMore ? rows.slice(0, limit) : rows;
  const nextCursor = encodeCursor(data.at(-1)?.seq ?? afterSeq ?? 0);
  const events = data.map((event) => event.payload).join(',');
  return new JsonText(`{"data":[${events}],"hasMore":${hasMore},"nextCursor":${JSON.stringify(nextCursor)}}`);
};
