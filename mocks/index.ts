/**
 * msw mocks of the Course Management Service, derived from `openapi.yaml`: a stateful in-memory
 * service for your tests, in Node (`msw/node`) and in the browser (`msw/browser`).
 *
 * @example
 * import { setupServer } from 'msw/node';
 * import { createCourseServiceMock, mockApiKey } from '@course-service/mocks';
 *
 * const apiKey = mockApiKey('app');
 * const mock = createCourseServiceMock({ baseUrl: 'http://localhost:3000', apiKeys: [{ key: apiKey }] });
 * const server = setupServer(...mock.handlers);
 *
 * @module
 */

export type { OperationId } from '@course-service/runtime';
// The mock service
export { type CourseServiceMock, createCourseServiceMock, createHandlers } from './create-mock.ts';
// Credentials and scenarios
export { mockApiKey } from './credentials.ts';
export {
  type CourseServiceMockOptions,
  DEFAULT_OWNER,
  type MockApiKey,
  type SeedCourse,
} from './mock-options.ts';
export type { RecordedRequest, RecordedRequests, RequestMatch } from './request-log.ts';
export type { ScenarioControl, Times } from './scenarios.ts';
// Webhooks
export type { MockWebhooks } from './webhook-delivery.ts';
export type { MockWebhookOptions, WebhookReceiver } from './webhook-options.ts';
