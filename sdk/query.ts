/**
 * `@course-service/sdk/query`: TanStack Query options for every operation of the Course Management
 * Service, calling through a client of the SDK (its credentials, retries, timeouts and typed
 * errors). Plain objects typed with `@tanstack/query-core`, so every adapter takes them (`useQuery`,
 * `useInfiniteQuery`, `useMutation`, `createQuery`, `queryClient.fetchQuery`, …).
 *
 * @example
 * import { QueryClient } from '@tanstack/query-core';
 * import { createCourseClient } from '@course-service/sdk';
 * import { courseQueries } from '@course-service/sdk/query';
 *
 * const queries = courseQueries(createCourseClient({ baseUrl, apiKey }));
 * const page = await new QueryClient().fetchQuery(queries.listCoursesOptions({ status: 'draft' }));
 *
 * @module
 */
import type { ListApiKeysParams } from './api-keys.ts';
import type { CourseClient } from './client.ts';
import type { ListCoursesParams } from './courses.ts';
import { getHealth, getOpenApiDocument } from './gen/sdk.gen.ts';
import type {
  ApiKey,
  ApiKeyCreate,
  ApiKeyList,
  ApiKeyWithSecret,
  Course,
  CourseCreate,
  CourseList,
  CourseUpdate,
  GetOpenApiDocumentResponse,
  Health,
  TestDataReset,
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
import { type EventAndWebhookQueries, eventAndWebhookQueries } from './query-webhooks.ts';

export {
  type ClientScope,
  type CourseInfiniteQueryKey,
  type CourseInfiniteQueryOptions,
  type CourseMutationOptions,
  type CourseQueryKey,
  type CourseQueryOptions,
  QUERY_KEY_ROOT,
} from './query-options.ts';
export type { EventAndWebhookQueries } from './query-webhooks.ts';

type NoParams = Record<string, never>;

/** The options of every operation, named as hey-api's TanStack Query plugins name theirs. */
export interface CourseQueries extends EventAndWebhookQueries {
  /** One page of courses (`listCourses`). */
  listCoursesOptions(params?: ListCoursesParams): CourseQueryOptions<CourseList, ListCoursesParams>;
  /** Every page of courses, one `fetchNextPage()` at a time (`listCourses` by `nextCursor`). */
  listCoursesInfiniteOptions(
    params?: Omit<ListCoursesParams, 'cursor'>,
  ): CourseInfiniteQueryOptions<CourseList, Omit<ListCoursesParams, 'cursor'>>;
  /** The course with this id (`getCourse`). */
  getCourseOptions(courseId: string): CourseQueryOptions<Course, { courseId: string }>;
  /** One page of the caller's API keys (`listApiKeys`, with the client's ID token). */
  listApiKeysOptions(params?: ListApiKeysParams): CourseQueryOptions<ApiKeyList, ListApiKeysParams>;
  /** Every page of the caller's API keys (`listApiKeys` by `nextCursor`). */
  listApiKeysInfiniteOptions(
    params?: Omit<ListApiKeysParams, 'cursor'>,
  ): CourseInfiniteQueryOptions<ApiKeyList, Omit<ListApiKeysParams, 'cursor'>>;
  /** The service's health (`getHealth`). */
  getHealthOptions(): CourseQueryOptions<Health, NoParams>;
  /** The service's OpenAPI description (`getOpenApiDocument`). */
  getOpenApiDocumentOptions(): CourseQueryOptions<GetOpenApiDocumentResponse, NoParams>;
  /** Creates a draft course (`createCourse`); every call sends an `Idempotency-Key` of its own. */
  createCourseMutation(): CourseMutationOptions<Course, CourseCreate>;
  /** Changes the fields sent (`updateCourse`). */
  updateCourseMutation(): CourseMutationOptions<Course, { courseId: string; body: CourseUpdate }>;
  /** Deletes a draft or archived course by its id (`deleteCourse`). */
  deleteCourseMutation(): CourseMutationOptions<void, string>;
  /** `draft → published`, by the course's id (`publishCourse`). */
  publishCourseMutation(): CourseMutationOptions<Course, string>;
  /** `draft | published → archived`, by the course's id (`archiveCourse`). */
  archiveCourseMutation(): CourseMutationOptions<Course, string>;
  /** `archived → draft`, by the course's id (`restoreCourse`). */
  restoreCourseMutation(): CourseMutationOptions<Course, string>;
  /** Creates an API key (`createApiKey`, ID token); its value is in this answer only. */
  createApiKeyMutation(): CourseMutationOptions<ApiKeyWithSecret, ApiKeyCreate>;
  /** Revokes an API key by its id (`revokeApiKey`, ID token). */
  revokeApiKeyMutation(): CourseMutationOptions<ApiKey, string>;
  /** Deletes every test course of the account (`resetTestData`, ID token). */
  resetTestDataMutation(): CourseMutationOptions<TestDataReset, void>;
}

/**
 * The TanStack Query options of every operation, calling through `client` (create it with the
 * default `throwOnError`, so that failed calls reject with the SDK's typed errors). Query keys are
 * `['course-service', operationId, params, scope]`, the scope naming the client's base URL and key
 * environment: `queryClient.invalidateQueries({ queryKey: ['course-service', 'listCourses'] })`
 * refreshes every list of courses after a change. Every option turns TanStack Query's retries off,
 * as the client retries itself.
 *
 * @example
 * const queries = courseQueries(client);
 * const course = await queryClient.fetchQuery(queries.getCourseOptions('crs_7GfK2pQm9XwLz4Rt'));
 */
export function courseQueries(client: CourseClient): CourseQueries {
  const { courses, apiKeys, testData, raw } = client;
  const scope: ClientScope = { baseUrl: raw.getConfig().baseUrl ?? '', environment: client.environment };
  return {
    ...eventAndWebhookQueries(client, scope),
    listCoursesOptions: (params = {}) =>
      queryOptionsOf('listCourses', params, scope, (signal) => courses.listPage(params, { signal })),
    listCoursesInfiniteOptions: (params = {}) =>
      infiniteQueryOptionsOf('listCourses', params, scope, (cursor, signal) =>
        courses.listPage({ ...params, cursor }, { signal }),
      ),
    getCourseOptions: (courseId) =>
      queryOptionsOf('getCourse', { courseId }, scope, (signal) => courses.get(courseId, { signal })),
    listApiKeysOptions: (params = {}) =>
      queryOptionsOf('listApiKeys', params, scope, (signal) => apiKeys.listPage(params, { signal })),
    listApiKeysInfiniteOptions: (params = {}) =>
      infiniteQueryOptionsOf('listApiKeys', params, scope, (cursor, signal) =>
        apiKeys.listPage({ ...params, cursor }, { signal }),
      ),
    // Outside the client's resources: the generated functions, lent the client's setup.
    getHealthOptions: () =>
      queryOptionsOf('getHealth', {}, scope, async (signal) => {
        return (await getHealth({ client: raw, signal, throwOnError: true })).data;
      }),
    getOpenApiDocumentOptions: () =>
      queryOptionsOf('getOpenApiDocument', {}, scope, async (signal) => {
        return (await getOpenApiDocument({ client: raw, signal, throwOnError: true })).data;
      }),
    createCourseMutation: () =>
      mutationOptionsOf('createCourse', (body: CourseCreate) => courses.create(body)),
    updateCourseMutation: () =>
      mutationOptionsOf('updateCourse', ({ courseId, body }: { courseId: string; body: CourseUpdate }) =>
        courses.update(courseId, body),
      ),
    deleteCourseMutation: () => mutationOptionsOf('deleteCourse', (id: string) => courses.delete(id)),
    publishCourseMutation: () => mutationOptionsOf('publishCourse', (id: string) => courses.publish(id)),
    archiveCourseMutation: () => mutationOptionsOf('archiveCourse', (id: string) => courses.archive(id)),
    restoreCourseMutation: () => mutationOptionsOf('restoreCourse', (id: string) => courses.restore(id)),
    createApiKeyMutation: () =>
      mutationOptionsOf('createApiKey', (body: ApiKeyCreate) => apiKeys.create(body)),
    revokeApiKeyMutation: () => mutationOptionsOf('revokeApiKey', (keyId: string) => apiKeys.revoke(keyId)),
    resetTestDataMutation: () => mutationOptionsOf('resetTestData', () => testData.reset()),
  };
}
