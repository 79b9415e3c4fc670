import type { OperationHandler } from '../operation-helpers/operation.ts';
import { archiveCourse } from './archive-course.ts';
import { createApiKey } from './create-api-key.ts';
import { createCourse } from './create-course.ts';
import { createWebhookEndpoint } from './create-webhook-endpoint.ts';
import { deleteCourse } from './delete-course.ts';
import { deleteWebhookEndpoint } from './delete-webhook-endpoint.ts';
import { getApiKeyUsage } from './get-api-key-usage.ts';
import { getCourse } from './get-course.ts';
import { getEvent } from './get-event.ts';
import { getHealth } from './get-health.ts';
import { getOpenApiDocument } from './get-open-api-document.ts';
import { getWebhookEndpoint } from './get-webhook-endpoint.ts';
import { listApiKeyEvents } from './list-api-key-events.ts';
import { listApiKeys } from './list-api-keys.ts';
import { listCourses } from './list-courses.ts';
import { listEvents } from './list-events.ts';
import { listWebhookDeliveries } from './list-webhook-deliveries.ts';
import { listWebhookEndpoints } from './list-webhook-endpoints.ts';
import { publishCourse } from './publish-course.ts';
import { redeliverWebhookDelivery } from './redeliver-webhook-delivery.ts';
import { reportLeakedApiKeys } from './report-leaked-api-keys.ts';
import { resetTestData } from './reset-test-data.ts';
import { restoreCourse } from './restore-course.ts';
import { revokeApiKey } from './revoke-api-key.ts';
import { rollApiKey } from './roll-api-key.ts';
import { rotateWebhookEndpointSecret } from './rotate-webhook-endpoint-secret.ts';
import { sendTestWebhookEvent } from './send-test-webhook-event.ts';
import { updateCourse } from './update-course.ts';
import { updateWebhookEndpoint } from './update-webhook-endpoint.ts';

/** Every operation's handler, by operationId. A test checks it equals the spec's operations. */
export const operations: Readonly<Record<string, OperationHandler>> = {
  listCourses,
  createCourse,
  getCourse,
  updateCourse,
  deleteCourse,
  publishCourse,
  archiveCourse,
  restoreCourse,
  listApiKeys,
  createApiKey,
  revokeApiKey,
  rollApiKey,
  listApiKeyEvents,
  getApiKeyUsage,
  reportLeakedApiKeys,
  listEvents,
  getEvent,
  listWebhookEndpoints,
  createWebhookEndpoint,
  getWebhookEndpoint,
  updateWebhookEndpoint,
  deleteWebhookEndpoint,
  rotateWebhookEndpointSecret,
  sendTestWebhookEvent,
  listWebhookDeliveries,
  redeliverWebhookDelivery,
  resetTestData,
  getOpenApiDocument,
  getHealth,
};
