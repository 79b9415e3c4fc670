import type { APIPromise } from './api-promise.ts';
import type { OrUndefined } from './courses.ts';
import { getEvent, listEvents } from './gen/sdk.gen.ts';
import type { Event, EventList, ListEventsData } from './gen/types.gen.ts';
import { paginate } from './pagination.ts';
import type { RequestOptions, Send } from './transport.ts';

/** Paging and filter of `listEvents` (`limit`, `cursor`, `type`), as the contract defines them. */
export type ListEventsParams = OrUndefined<NonNullable<ListEventsData['query']>>;

/** The feed of what happened in the environment of the client's API key (scope `events:read`). */
export interface EventsResource {
  /**
   * Every event after `params.cursor` (from the oldest kept without one), oldest first, across
   * pages, until the feed has no more for now.
   */
  list(params?: ListEventsParams, options?: RequestOptions): AsyncGenerator<Event, void, undefined>;
  /**
   * One page of events after `cursor`. Its `nextCursor` is never null: keep it, and ask with it
   * later for only what happened since.
   */
  listPage(params?: ListEventsParams, options?: RequestOptions): APIPromise<EventList>;
  /** One event, while it is kept (30 days); its id is the `webhook-id` of its deliveries. */
  get(eventId: string, options?: RequestOptions): APIPromise<Event>;
}

/**
 * Builds the `events` resource over a transport.
 *
 * @example
 * const events = createEventsResource(createTransport({ baseUrl, apiKey }).send);
 * for await (const event of events.list({ cursor: saved })) console.log(event.type);
 */
export function createEventsResource(send: Send): EventsResource {
  const listPage = (query: ListEventsParams = {}, options?: RequestOptions) =>
    // An `undefined` parameter is left out of the query string by the generated serializer.
    send(
      'apiKey',
      'listEvents',
      (o) => listEvents({ ...o, query: query as NonNullable<ListEventsData['query']> }),
      options,
    );
  return {
    // The first page starts at the caller's cursor; `paginate` stops after a page with `hasMore: false`.
    list: (params = {}, options) =>
      paginate((cursor) => listPage({ ...params, ...(cursor ? { cursor } : {}) }, options)),
    listPage,
    get: (eventId, options) =>
      send('apiKey', 'getEvent', (o) => getEvent({ ...o, path: { eventId } }), options),
  };
}
