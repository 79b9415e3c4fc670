import type { APIPromise } from './api-promise.ts';
import type { CreateOptions, OrUndefined } from './courses.ts';
import {
  createApiKey,
  getApiKeyUsage,
  listApiKeyEvents,
  listApiKeys,
  revokeApiKey,
  rollApiKey,
} from './gen/sdk.gen.ts';
import type {
  ApiKey,
  ApiKeyCreate,
  ApiKeyEvent,
  ApiKeyEventList,
  ApiKeyList,
  ApiKeyRoll,
  ApiKeyUsage,
  ApiKeyWithSecret,
  GetApiKeyUsageData,
  ListApiKeyEventsData,
  ListApiKeysData,
} from './gen/types.gen.ts';
import { paginate } from './pagination.ts';
import type { RequestOptions, Send } from './transport.ts';

/** Paging of `listApiKeys` (`limit`, `cursor`), as the contract defines it. */
export type ListApiKeysParams = OrUndefined<NonNullable<ListApiKeysData['query']>>;

/** The range of `getApiKeyUsage`: `from`, `to` (RFC 3339) and `granularity` (`hour` or `day`). */
export type ApiKeyUsageRange = OrUndefined<NonNullable<GetApiKeyUsageData['query']>>;

/** Paging of `listApiKeyEvents` (`limit`, `cursor`). */
export type ListApiKeyEventsParams = OrUndefined<NonNullable<ListApiKeyEventsData['query']>>;

/** The caller's API keys, authenticated with the client's ID token. */
export interface ApiKeysResource {
  /** Every key, across all pages, revoked and expired ones included. */
  list(
    params?: Omit<ListApiKeysParams, 'cursor'>,
    options?: RequestOptions,
  ): AsyncGenerator<ApiKey, void, undefined>;
  /** One page of keys. */
  listPage(params?: ListApiKeysParams, options?: RequestOptions): APIPromise<ApiKeyList>;
  /** Creates a key; its value (`key`) is in this response only. Safe to retry, like `courses.create`. */
  create(body: ApiKeyCreate, options?: CreateOptions): APIPromise<ApiKeyWithSecret>;
  /** Revokes a key by its id (never its value); revoking twice answers the same record. */
  revoke(keyId: string, options?: RequestOptions): APIPromise<ApiKey>;
  /**
   * Rolls a key: a new key (its value in this response only) with the old key's name,
   * environment and scopes; the old key keeps working for `oldKeyExpiresIn` seconds (24 hours
   * unless given, `0` stops it at once). A revoked, expired or already rolled key rejects with a
   * `ConflictError` (`key_already_revoked`, `key_already_expired`, `key_already_rolled`). Safe to
   * retry, like `create`.
   */
  roll(keyId: string, body?: ApiKeyRoll, options?: CreateOptions): APIPromise<ApiKeyWithSecret>;
  /** A key's whole history, newest first, across all pages: created, rolled, revoked, expired. */
  events(
    keyId: string,
    params?: Omit<ListApiKeyEventsParams, 'cursor'>,
    options?: RequestOptions,
  ): AsyncGenerator<ApiKeyEvent, void, undefined>;
  /**
   * The requests a key made, per day (or hour) by outcome, and where it was last used from; the
   * last 7 days unless `range` says otherwise.
   */
  usage(keyId: string, range?: ApiKeyUsageRange, options?: RequestOptions): APIPromise<ApiKeyUsage>;
  /** One page of a key's history. */
  eventsPage(
    keyId: string,
    params?: ListApiKeyEventsParams,
    options?: RequestOptions,
  ): APIPromise<ApiKeyEventList>;
}

/**
 * Builds the `apiKeys` resource over a transport.
 *
 * @example
 * const apiKeys = createApiKeysResource(createTransport({ baseUrl, idToken }).send);
 * const { key } = await apiKeys.create({ name: 'Production backend' });
 */
export function createApiKeysResource(send: Send): ApiKeysResource {
  const listPage = (query: ListApiKeysParams = {}, options?: RequestOptions) =>
    // An `undefined` parameter is left out of the query string by the generated serializer.
    send(
      'idToken',
      'listApiKeys',
      (o) => listApiKeys({ ...o, query: query as NonNullable<ListApiKeysData['query']> }),
      options,
    );
  const eventsPage = (keyId: string, query: ListApiKeyEventsParams = {}, options?: RequestOptions) =>
    send(
      'idToken',
      'listApiKeyEvents',
      (o) =>
        listApiKeyEvents({
          ...o,
          path: { keyId },
          query: query as NonNullable<ListApiKeyEventsData['query']>,
        }),
      options,
    );
  return {
    events: (keyId, params = {}, options) =>
      paginate((cursor) => eventsPage(keyId, { ...params, ...(cursor ? { cursor } : {}) }, options)),
    eventsPage,
    usage: (keyId, range = {}, options) =>
      send(
        'idToken',
        'getApiKeyUsage',
        (o) =>
          getApiKeyUsage({
            ...o,
            path: { keyId },
            query: range as NonNullable<GetApiKeyUsageData['query']>,
          }),
        options,
      ),
    list: (params = {}, options) =>
      paginate((cursor) => listPage({ ...params, ...(cursor ? { cursor } : {}) }, options)),
    listPage,
    create: (body, { idempotencyKey = crypto.randomUUID(), ...options } = {}) =>
      send(
        'idToken',
        'createApiKey',
        (o) => createApiKey({ ...o, body, headers: { ...o.headers, 'Idempotency-Key': idempotencyKey } }),
        options,
      ),
    revoke: (keyId, options) =>
      send('idToken', 'revokeApiKey', (o) => revokeApiKey({ ...o, path: { keyId } }), options),
    roll: (keyId, body = {}, { idempotencyKey = crypto.randomUUID(), ...options } = {}) =>
      send(
        'idToken',
        'rollApiKey',
        (o) =>
          rollApiKey({
            ...o,
            path: { keyId },
            body,
            headers: { ...o.headers, 'Idempotency-Key': idempotencyKey },
          }),
        options,
      ),
  };
}
