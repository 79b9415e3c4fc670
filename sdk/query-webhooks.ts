import type { CourseClient } from './client.ts';
import type { ListEventsParams } from './events.ts';
import type {
  Event,
  EventList,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointList,
  WebhookEndpointUpdate,
  WebhookEndpointWithSecret,
  WebhookSecretRotation,
} from './gen/types.gen.ts';
import {
  type ClientScope,
  type CourseInfiniteQueryOptions,
  type CourseMutationOptions,
  type CourseQueryOptions,
  infiniteQueryOptionsOf,
  mutationOptionsOf,
  queryOptionsOf,
} from './query-options.ts';
import type { ListWebhookDeliveriesParams, ListWebhookEndpointsParams } from './webhook-endpoints.ts';

type Deliveries = { endpointId: string } & Omit<ListWebhookDeliveriesParams, 'cursor'>;

/** The options of the events feed and the webhook endpoints (API key), part of `CourseQueries`. */
export interface EventAndWebhookQueries {
  /** One page of events after `cursor` (`listEvents`). */
  listEventsOptions(params?: ListEventsParams): CourseQueryOptions<EventList, ListEventsParams>;
  /** The feed page by page (`listEvents` by `nextCursor`), no next page once `hasMore` is false. */
  listEventsInfiniteOptions(
    params?: Omit<ListEventsParams, 'cursor'>,
  ): CourseInfiniteQueryOptions<EventList, Omit<ListEventsParams, 'cursor'>>;
  /** One event (`getEvent`). */
  getEventOptions(eventId: string): CourseQueryOptions<Event, { eventId: string }>;
  /** One page of webhook endpoints (`listWebhookEndpoints`). */
  listWebhookEndpointsOptions(
    params?: ListWebhookEndpointsParams,
  ): CourseQueryOptions<WebhookEndpointList, ListWebhookEndpointsParams>;
  /** Every page of webhook endpoints (`listWebhookEndpoints` by `nextCursor`). */
  listWebhookEndpointsInfiniteOptions(
    params?: Omit<ListWebhookEndpointsParams, 'cursor'>,
  ): CourseInfiniteQueryOptions<WebhookEndpointList, Omit<ListWebhookEndpointsParams, 'cursor'>>;
  /** One webhook endpoint (`getWebhookEndpoint`). */
  getWebhookEndpointOptions(endpointId: string): CourseQueryOptions<WebhookEndpoint, { endpointId: string }>;
  /** One page of an endpoint's deliveries (`listWebhookDeliveries`). */
  listWebhookDeliveriesOptions(
    endpointId: string,
    params?: ListWebhookDeliveriesParams,
  ): CourseQueryOptions<WebhookDeliveryList, { endpointId: string } & ListWebhookDeliveriesParams>;
  /** Every page of an endpoint's deliveries (`listWebhookDeliveries` by `nextCursor`). */
  listWebhookDeliveriesInfiniteOptions(
    endpointId: string,
    params?: Omit<ListWebhookDeliveriesParams, 'cursor'>,
  ): CourseInfiniteQueryOptions<WebhookDeliveryList, Deliveries>;
  /** Creates a webhook endpoint (`createWebhookEndpoint`); its secret is in this answer only. */
  createWebhookEndpointMutation(): CourseMutationOptions<WebhookEndpointWithSecret, WebhookEndpointCreate>;
  /** Changes the fields sent (`updateWebhookEndpoint`). */
  updateWebhookEndpointMutation(): CourseMutationOptions<
    WebhookEndpoint,
    { endpointId: string; body: WebhookEndpointUpdate }
  >;
  /** Deletes a webhook endpoint by its id (`deleteWebhookEndpoint`). */
  deleteWebhookEndpointMutation(): CourseMutationOptions<void, string>;
  /** A new signing secret, the old one signing beside it for a while (`rotateWebhookEndpointSecret`). */
  rotateWebhookEndpointSecretMutation(): CourseMutationOptions<
    WebhookEndpointWithSecret,
    { endpointId: string; body?: WebhookSecretRotation }
  >;
  /** Queues a test event to an endpoint, by its id (`sendTestWebhookEvent`). */
  sendTestWebhookEventMutation(): CourseMutationOptions<WebhookDelivery, string>;
  /** Sends a delivery's event again (`redeliverWebhookDelivery`). */
  redeliverWebhookDeliveryMutation(): CourseMutationOptions<
    WebhookDelivery,
    { endpointId: string; deliveryId: string }
  >;
}

/**
 * The options of the events feed and the webhook endpoints, calling through `client`.
 *
 * @example const { getEventOptions } = eventAndWebhookQueries(client, scope);
 */
export function eventAndWebhookQueries(client: CourseClient, scope: ClientScope): EventAndWebhookQueries {
  const { events, webhookEndpoints: endpoints } = client;
  return {
    listEventsOptions: (params = {}) =>
      queryOptionsOf('listEvents', params, scope, (signal) => events.listPage(params, { signal })),
    listEventsInfiniteOptions: (params = {}) =>
      infiniteQueryOptionsOf('listEvents', params, scope, (cursor, signal) =>
        events.listPage({ ...params, cursor }, { signal }),
      ),
    getEventOptions: (eventId) =>
      queryOptionsOf('getEvent', { eventId }, scope, (signal) => events.get(eventId, { signal })),
    listWebhookEndpointsOptions: (params = {}) =>
      queryOptionsOf('listWebhookEndpoints', params, scope, (signal) =>
        endpoints.listPage(params, { signal }),
      ),
    listWebhookEndpointsInfiniteOptions: (params = {}) =>
      infiniteQueryOptionsOf('listWebhookEndpoints', params, scope, (cursor, signal) =>
        endpoints.listPage({ ...params, cursor }, { signal }),
      ),
    getWebhookEndpointOptions: (endpointId) =>
      queryOptionsOf('getWebhookEndpoint', { endpointId }, scope, (signal) =>
        endpoints.get(endpointId, { signal }),
      ),
    listWebhookDeliveriesOptions: (endpointId, params = {}) =>
      queryOptionsOf('listWebhookDeliveries', { endpointId, ...params }, scope, (signal) =>
        endpoints.deliveriesPage(endpointId, params, { signal }),
      ),
    listWebhookDeliveriesInfiniteOptions: (endpointId, params = {}) =>
      infiniteQueryOptionsOf('listWebhookDeliveries', { endpointId, ...params }, scope, (cursor, signal) =>
        endpoints.deliveriesPage(endpointId, { ...params, cursor }, { signal }),
      ),
    createWebhookEndpointMutation: () =>
      mutationOptionsOf('createWebhookEndpoint', (body: WebhookEndpointCreate) => endpoints.create(body)),
    updateWebhookEndpointMutation: () =>
      mutationOptionsOf(
        'updateWebhookEndpoint',
        ({ endpointId, body }: { endpointId: string; body: WebhookEndpointUpdate }) =>
          endpoints.update(endpointId, body),
      ),
    deleteWebhookEndpointMutation: () =>
      mutationOptionsOf('deleteWebhookEndpoint', (endpointId: string) => endpoints.delete(endpointId)),
    rotateWebhookEndpointSecretMutation: () =>
      mutationOptionsOf(
        'rotateWebhookEndpointSecret',
        ({ endpointId, body }: { endpointId: string; body?: WebhookSecretRotation }) =>
          endpoints.rotateSecret(endpointId, body),
      ),
    sendTestWebhookEventMutation: () =>
      mutationOptionsOf('sendTestWebhookEvent', (endpointId: string) => endpoints.sendTest(endpointId)),
    redeliverWebhookDeliveryMutation: () =>
      mutationOptionsOf(
        'redeliverWebhookDelivery',
        ({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
          endpoints.redeliver(endpointId, deliveryId),
      ),
  };
}
