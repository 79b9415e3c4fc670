/**
 * The Course Management Service SDK: `createCourseClient` and what its calls return and throw,
 * plus the functions and types generated from `openapi.yaml` for those who want them raw.
 *
 * @example
 * import { createCourseClient, NotFoundError } from '@course-service/sdk';
 *
 * const client = createCourseClient({ baseUrl: 'http://localhost:3000', apiKey: 'cms_prod_…' });
 * const course = await client.courses.get('crs_7GfK2pQm9XwLz4Rt');
 *
 * @module
 */

export type {
  ApiKeysResource,
  ApiKeyUsageRange,
  ListApiKeyEventsParams,
  ListApiKeysParams,
} from './api-keys.ts';
export { APIPromise, type ApiResponse, type Result, type Settled } from './api-promise.ts';
export { type CourseClient, type CourseClientOptions, createCourseClient } from './client.ts';
export { type ConditionalOptions, isNotModified, NotModified } from './conditional.ts';
export type { CoursesResource, CreateOptions, ListCoursesParams } from './courses.ts';
export type { Credential } from './credentials.ts';
export { keyEnvironment } from './environment.ts';
export {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  CourseServiceError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
} from './errors.ts';
export type { EventsResource, ListEventsParams } from './events.ts';
// The generated core: one function per operationId and every request and response type. Pass
// `{ client: courseClient.raw }` to the functions to reuse a client's credentials, retries and errors.
export * from './gen/sdk.gen.ts';
export type * from './gen/types.gen.ts';
export type { HookContext, Hooks, OnError, OnRequest, OnResponse, ResponseHookContext } from './hooks.ts';
export type { Logger, LogLevel } from './logging.ts';
export type { Page } from './pagination.ts';
export { parseRateLimit, type RateLimit } from './rate-limit.ts';
export type { TestDataResource } from './test-data.ts';
export type { RequestOptions } from './transport.ts';
export type {
  ListWebhookDeliveriesParams,
  ListWebhookEndpointsParams,
  WebhookEndpointsResource,
} from './webhook-endpoints.ts';
