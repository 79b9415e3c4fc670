import { retentionStart } from '../../domain/event-retention.ts';
import { TEST_EVENT_TYPE } from '../../domain/event-types.ts';
import { ApiError } from '../model/api-error.ts';
import { JsonText } from '../model/results.ts';
import { courseOwner, type OperationHandler } from '../operation-helpers/operation.ts';

/**
 * `GET /api/v1/events/{eventId}`: one event of the caller's environment while it is kept. A
 * `webhook.test` event is not a feed event (the spec's `Event`), so it is not found here either.
 */
export const getEvent: OperationHandler = async ({ params, caller }, { store, clock }) => {
  const id = params.eventId as string;
  const event = await store.getEvent(courseOwner(caller), id);
  if (!event || event.type === TEST_EVENT_TYPE || event.createdAt < retentionStart(clock()))
    throw new ApiError('not_found', `No event '${id}' exists, or it is older than 30 days.`);
  return new JsonText(event.payload);
};
