/**
 * The Course Management Service without a transport: the spec's operation table, the request
 * pipeline (its one order of steps), the operations, one error type and one problem renderer.
 * Adapters (the Koa server, the MCP endpoint, the msw mocks) translate to and from it; what it
 * needs from the world comes in through ports. It imports no Node module, no Koa and no msw.
 *
 * @example
 * const core = await createCore({ store, rateLimits, idTokens, apiKeyHashSecret, apiKeyPrefix: 'cms', bodyLimitBytes: 65_536, health: {} });
 * const answer = await core.handle(request);
 *
 * @module
 */

export { invalidIdToken } from './auth/authenticator.ts';
export { createKeyHasher, type KeyHasher } from './auth/key-hasher.ts';
export { MASTER_KEY_ID } from './auth/master-key.ts';
export type { ReportKeys } from './auth/report-signature.ts';
// Building the core
export { type Core, type CoreOptions, createCore } from './create-core.ts';
// Errors and answers
export { ApiError } from './model/api-error.ts';
// Requests and callers
export { type Caller, REALM } from './model/caller.ts';
// Ports
export { NO_OBSERVER, type Observer } from './model/observer.ts';
export type {
  CallResult,
  CoreLog,
  IdGenerator,
  IdTokenVerifier,
  OperationCall,
  Protocol,
  ProtocolContext,
  QuotaResult,
  RateLimits,
  RequestHeaders,
  WebhookUrlCheck,
} from './model/ports.ts';
export { serviceUnavailable } from './model/service-unavailable.ts';
export type * from './model/store.ts';
export {
  ACCOUNT_EVENT_FIELDS,
  CLIENT_FIELDS,
  COURSE_CHANGE_FIELDS,
  COURSE_FIELDS,
  EVENT_FIELDS,
  IDEMPOTENCY_FIELDS,
  KEY_FIELDS,
  USAGE_FIELDS,
  WEBHOOK_DELIVERY_FIELDS,
  WEBHOOK_ENDPOINT_FIELDS,
} from './model/store.ts';
export { StoreConflictError } from './model/store-conflict-error.ts';
// Representations
export { newDelivery } from './operation-helpers/find-webhook-endpoint.ts';
export { apiKeyView, courseView } from './operation-helpers/representations.ts';
export { literalWebhookUrls } from './operation-helpers/webhook-urls.ts';
export type { Answer } from './pipeline/answer.ts';
export type { IncomingRequest, JsonBody } from './pipeline/incoming-request.ts';
export {
  malformedJson,
  parseJsonBytes,
  payloadTooLarge,
  readJsonBody,
  readJsonBodyText,
} from './pipeline/read-json-body.ts';
export { rateLimited } from './pipeline/steps.ts';
export { problemAnswer } from './problem.ts';
export { requestIdOf } from './request-id.ts';
// The spec
export { type OpenApiDocument, resolveRef } from './spec/openapi-document.ts';
export { buildOperationTable, type CredentialKind, type OperationInfo } from './spec/operation-table.ts';
export { type OperationId, openApiDocument } from './spec/spec.gen.ts';
// Shared by the adapters' development token endpoints
export { tokenEndpointTakesPost, tokenGrantAnswer, tokenRequestSubject } from './token-request.ts';
