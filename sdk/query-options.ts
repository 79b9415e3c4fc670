import type { DataTag, InfiniteData } from '@tanstack/query-core';
import type { CourseServiceError } from './errors.ts';
import type { KeyEnvironment } from './gen/types.gen.ts';
import type { Page } from './pagination.ts';

/** The first element of every query and mutation key of `@course-service/sdk/query`. */
export const QUERY_KEY_ROOT = 'course-service';

/**
 * Which client a key's data came from: its base URL and its key's environment (never the key), so
 * that clients of two services, or a test and a live key, share one `QueryClient` without sharing
 * cache entries.
 */
export interface ClientScope {
  baseUrl: string;
  environment: KeyEnvironment | undefined;
}

/** A query key: the root, the operationId, the call's parameters, and the client's scope. */
export type CourseQueryKey<P> = readonly [typeof QUERY_KEY_ROOT, string, P, ClientScope];

/**
 * A paged list's key: the root, the operationId, the parameters, then `'infinite'`, since its cached
 * data (every page so far) differs from one page's, and the client's scope; a prefix without it
 * (`['course-service', 'listCourses']`) matches both.
 */
export type CourseInfiniteQueryKey<P> = readonly [typeof QUERY_KEY_ROOT, string, P, 'infinite', ClientScope];

/**
 * The options of one query, as TanStack Query's `queryOptions` makes them: the key, tagged with the
 * data and error types (so `queryClient.getQueryData(options.queryKey)` is typed), and the function.
 */
export interface CourseQueryOptions<TData, P> {
  queryKey: DataTag<CourseQueryKey<P>, TData, CourseServiceError>;
  queryFn: (context: { signal: AbortSignal }) => Promise<TData>;
  /** Off: the SDK's client retries each request itself, and TanStack Query's retries would stack on its own. */
  retry: false;
}

/** The options of a paged list, as `infiniteQueryOptions` makes them: the next page by `nextCursor`. */
export interface CourseInfiniteQueryOptions<TPage, P> {
  queryKey: DataTag<CourseInfiniteQueryKey<P>, InfiniteData<TPage, string | undefined>, CourseServiceError>;
  queryFn: (context: { signal: AbortSignal; pageParam: string | undefined }) => Promise<TPage>;
  initialPageParam: string | undefined;
  getNextPageParam: (lastPage: TPage) => string | undefined;
  /** Off: the SDK's client retries each request itself. */
  retry: false;
}

/** The options of one mutation: its key and its function. */
export interface CourseMutationOptions<TData, TVariables> {
  mutationKey: readonly [typeof QUERY_KEY_ROOT, string];
  mutationFn: (variables: TVariables) => Promise<TData>;
  /**
   * Off: the SDK's client retries what is safe to retry itself, with the same `Idempotency-Key`; a
   * mutation run again would send a new one, and could create twice.
   */
  retry: false;
}

/** The key of a query; its data type is a tag only the type checker sees. */
const keyOf = <P>(operationId: string, params: P, scope: ClientScope): CourseQueryKey<P> => [
  QUERY_KEY_ROOT,
  operationId,
  params,
  scope,
];
const infiniteKeyOf = <P>(operationId: string, params: P, scope: ClientScope): CourseInfiniteQueryKey<P> => [
  QUERY_KEY_ROOT,
  operationId,
  params,
  'infinite',
  scope,
];

/**
 * The options of a query of `operationId` with `params` through the client of `scope`, fetched by
 * `fetch` with the query's signal.
 *
 * @example queryOptionsOf('getCourse', { courseId }, scope, (signal) => client.courses.get(courseId, { signal }))
 */
export function queryOptionsOf<TData, P>(
  operationId: string,
  params: P,
  scope: ClientScope,
  fetch: (signal: AbortSignal) => PromiseLike<TData>,
): CourseQueryOptions<TData, P> {
  return {
    queryKey: keyOf(operationId, params, scope) as CourseQueryOptions<TData, P>['queryKey'],
    queryFn: async ({ signal }) => fetch(signal),
    retry: false,
  };
}

/**
 * The options of a paged list of `operationId` through the client of `scope`: the first page
 * without a cursor, each next one with the previous page's `nextCursor`, none after a page with
 * `hasMore: false`.
 *
 * @example infiniteQueryOptionsOf('listCourses', params, scope, (cursor, signal) => client.courses.listPage({ ...params, cursor }, { signal }))
 */
export function infiniteQueryOptionsOf<TPage extends Page<unknown>, P>(
  operationId: string,
  params: P,
  scope: ClientScope,
  fetch: (cursor: string | undefined, signal: AbortSignal) => PromiseLike<TPage>,
): CourseInfiniteQueryOptions<TPage, P> {
  return {
    queryKey: infiniteKeyOf(operationId, params, scope) as CourseInfiniteQueryOptions<TPage, P>['queryKey'],
    queryFn: async ({ pageParam, signal }) => fetch(pageParam, signal),
    initialPageParam: undefined,
    getNextPageParam: (page) => (page.hasMore && page.nextCursor ? page.nextCursor : undefined),
    retry: false,
  };
}

/**
 * The options of a mutation of `operationId` that calls `mutate` with the mutation's variables.
 *
 * @example mutationOptionsOf('publishCourse', (courseId: string) => client.courses.publish(courseId))
 */
export function mutationOptionsOf<TData, TVariables>(
  operationId: string,
  mutate: (variables: TVariables) => PromiseLike<TData>,
): CourseMutationOptions<TData, TVariables> {
  return {
    mutationKey: [QUERY_KEY_ROOT, operationId],
    mutationFn: async (variables) => mutate(variables),
    retry: false,
  };
}
