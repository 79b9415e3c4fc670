import type { APIPromise } from './api-promise.ts';
import type { CreateOptions, OrUndefined } from './courses.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  redeliverWebhookDelivery,
  rotateWebhookEndpointSecret,
  sendTestWebhookEvent,
  updateWebhookEndpoint,
} from './gen/sdk.gen.ts';
import type {
  ListWebhookDeliveriesData,
  ListWebhookEndpointsData,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointList,
  WebhookEndpointUpdate,
  WebhookEndpointWithSecret,
  WebhookSecretRotation,
} from './gen/types.gen.ts';
import { paginate } from './pagination.ts';
import type { RequestOptions, Send } from './transport.ts';

/** Paging of `listWebhookEndpoints` (`limit`, `cursor`). */
export type ListWebhookEndpointsParams = OrUndefined<NonNullable<ListWebhookEndpointsData['query']>>;

/** Paging and filter of `listWebhookDeliveries` (`limit`, `cursor`, `status`). */
export type ListWebhookDeliveriesParams = OrUndefined<NonNullable<ListWebhookDeliveriesData['query']>>;

/** The webhook endpoints of the API key's environment (scope `webhooks:write`). */
export interface WebhookEndpointsResource {
  /** Every endpoint, newest first, across all pages. */
  list(
    params?: Omit<ListWebhookEndpointsParams, 'cursor'>,
    options?: RequestOptions,
  ): AsyncGenerator<WebhookEndpoint, void, undefined>;
  /** One page of endpoints. */
  listPage(params?: ListWebhookEndpointsParams, options?: RequestOptions): APIPromise<WebhookEndpointList>;
  /**
   * Registers a URL; the answer's `secret` (`whsec_…`) is shown this once. Safe to retry: an
   * `Idempotency-Key` is generated unless you pass one.
   */
  create(body: WebhookEndpointCreate, options?: CreateOptions): APIPromise<WebhookEndpointWithSecret>;
  /** The endpoint with this id (never its secret). */
  get(endpointId: string, options?: RequestOptions): APIPromise<WebhookEndpoint>;
  /** Changes the fields sent: `url`, `description`, `eventTypes`, `enabled`. */
  update(
    endpointId: string,
    body: WebhookEndpointUpdate,
    options?: RequestOptions,
  ): APIPromise<WebhookEndpoint>;
  /** Deletes the endpoint and its deliveries. */
  delete(endpointId: string, options?: RequestOptions): APIPromise<void>;
  /**
   * A new signing secret, shown this once; the old one keeps signing beside it for
   * `oldSecretExpiresIn` seconds (24 hours unless given, `0` stops it at once). Not retried.
   */
  rotateSecret(
    endpointId: string,
    body?: WebhookSecretRotation,
    options?: RequestOptions,
  ): APIPromise<WebhookEndpointWithSecret>;
  /** Queues a `webhook.test` event to this endpoint alone; resolves to its delivery. Not retried. */
  sendTest(endpointId: string, options?: RequestOptions): APIPromise<WebhookDelivery>;
  /** Every delivery to the endpoint, across all pages: attempts, status, answer, next retry. */
  deliveries(
    endpointId: string,
    params?: Omit<ListWebhookDeliveriesParams, 'cursor'>,
    options?: RequestOptions,
  ): AsyncGenerator<WebhookDelivery, void, undefined>;
  /** One page of the endpoint's deliveries. */
  deliveriesPage(
    endpointId: string,
    params?: ListWebhookDeliveriesParams,
    options?: RequestOptions,
  ): APIPromise<WebhookDeliveryList>;
  /** Sends a delivery's event again, as a new delivery (same `webhook-id`). Not retried. */
  redeliver(endpointId: string, deliveryId: string, options?: RequestOptions): APIPromise<WebhookDelivery>;
}

/**
 * Builds the `webhookEndpoints` resource over a transport.
 *
 * @example
 * const endpoints = createWebhookEndpointsResource(createTransport({ baseUrl, apiKey }).send);
 * const { id, secret } = await endpoints.create({ url: 'https://example.com/webhooks' });
 */
export function createWebhookEndpointsResource(send: Send): WebhookEndpointsResource {
  // An `undefined` parameter is left out of the query string by the generated serializer.
  const listPage = (query: ListWebhookEndpointsParams = {}, options?: RequestOptions) =>
    send(
      'apiKey',
      'listWebhookEndpoints',
      (o) => listWebhookEndpoints({ ...o, query: query as NonNullable<ListWebhookEndpointsData['query']> }),
      options,
    );
  const deliveriesPage = (
    endpointId: string,
    query: ListWebhookDeliveriesParams = {},
    options?: RequestOptions,
  ) =>
    send(
      'apiKey',
      'listWebhookDeliveries',
      (o) =>
        listWebhookDeliveries({
          ...o,
          path: { endpointId },
          query: query as NonNullable<ListWebhookDeliveriesData['query']>,
        }),
      options,
    );
  return {
    list: (params = {}, options) =>
      paginate((cursor) => listPage({ ...params, ...(cursor ? { cursor } : {}) }, options)),
    listPage,
    create: (body, { idempotencyKey = crypto.randomUUID(), ...options } = {}) =>
      send(
        'apiKey',
        'createWebhookEndpoint',
        (o) =>
          createWebhookEndpoint({ ...o, body, headers: { ...o.headers, 'Idempotency-Key': idempotencyKey } }),
        options,
      ),
    get: (endpointId, options) =>
      send(
        'apiKey',
        'getWebhookEndpoint',
        (o) => getWebhookEndpoint({ ...o, path: { endpointId } }),
        options,
      ),
    update: (endpointId, body, options) =>
      send(
        'apiKey',
        'updateWebhookEndpoint',
        (o) => updateWebhookEndpoint({ ...o, path: { endpointId }, body }),
        options,
      ),
    delete: (endpointId, options) =>
      send(
        'apiKey',
        'deleteWebhookEndpoint',
        async (o) => ({ ...(await deleteWebhookEndpoint({ ...o, path: { endpointId } })), data: undefined }),
        options,
      ),
    rotateSecret: (endpointId, body = {}, options) =>
      send(
        'apiKey',
        'rotateWebhookEndpointSecret',
        (o) => rotateWebhookEndpointSecret({ ...o, path: { endpointId }, body }),
        options,
      ),
    sendTest: (endpointId, options) =>
      send(
        'apiKey',
        'sendTestWebhookEvent',
        (o) => sendTestWebhookEvent({ ...o, path: { endpointId } }),
        options,
      ),
    deliveries: (endpointId, params = {}, options) =>
      paginate((cursor) => deliveriesPage(endpointId, { ...params, ...(cursor ? { cursor } : {}) }, options)),
    deliveriesPage,
    redeliver: (endpointId, deliveryId, options) =>
      send(
        'apiKey',
        'redeliverWebhookDelivery',
        (o) => redeliverWebhookDelivery({ ...o, path: { endpointId, deliveryId } }),
        options,
      ),
  };
}
