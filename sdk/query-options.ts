import type { DataTag, InfiniteData } from '@tanstack/query-core';
import type { CourseServiceError } from './errors.ts';
import type { Page } from './pagination.ts';

/** The first element of every query and mutation key of `@course-service/sdk/query`. */
export const QUERY_KEY_ROOT = 'course-service';

/** A query key: the root, the operationId, and the call's parameters. */
export type CourseQueryKey<P> = readonly [typeof QUERY_KEY_ROOT, string, P];

/**
 * A paged list's key: a query's, then `'infinite'`, since its cached data (every page so far)
 * differs from one page's; a prefix without it (`['course-service', 'listCourses']`) matches both.
 */
export type CourseInfiniteQueryKey<P> = readonly [typeof QUERY_KEY_ROOT, string, P, 'infinite'];

/**
 * The options of one query, as TanStack Query's `queryOptions` makes them: the key, tagged with the
 * data and error types (so `queryClient.getQueryData(options.queryKey)` is typed), and the function.
 */
export interface CourseQueryOptions<TData, P> {
  queryKey: DataTag<CourseQueryKey<P>, TData, CourseServiceError>;
  queryFn: (context: { signal: AbortSignal }) => Promise<TData>;
}

/** The options of a paged list, as `infiniteQueryOptions` makes them: the next page by `nextCursor`. */
export interface CourseInfiniteQueryOptions<TPage, P> {
  queryKey: DataTag<CourseInfiniteQueryKey<P>, InfiniteData<TPage, string | undefined>, CourseServiceError>;
  queryFn: (context: { signal: AbortSignal; pageParam: string | undefined }) => Promise<TPage>;
  initialPageParam: string | undefined;
  getNextPageParam: (lastPage: TPage) => string | undefined;
}

/** The options of one mutation: its key and its function. */
export interface CourseMutationOptions<TData, TVariables> {
  mutationKey: readonly [typeof QUERY_KEY_ROOT, string];
  mutationFn: (variables: TVariables) => Promise<TData>;
}

/** The key of a query; its data type is a tag only the type checker sees. */
const keyOf = <P>(operationId: string, params: P): CourseQueryKey<P> => [QUERY_KEY_ROOT, operationId, params];
const infiniteKeyOf = <P>(operationId: string, params: P): CourseInfiniteQueryKey<P> => [
  QUERY_KEY_ROOT,
  operationId,
  params,
  'infinite',
];

/**
 * The options of a query of `operationId` with `params`, fetched by `fetch` with the query's signal.
 *
 * @example queryOptionsOf('getCourse', { courseId }, (signal) => client.courses.get(courseId, { signal }))
 */
export function queryOptionsOf<TData, P>(
  operationId: string,
  params: P,
  fetch: (signal: AbortSignal) => PromiseLike<TData>,
): CourseQueryOptions<TData, P> {
  return {
    queryKey: keyOf(operationId, params) as CourseQueryOptions<TData, P>['queryKey'],
    queryFn: async ({ signal }) => fetch(signal),
  };
}

/**
 * The options of a paged list of `operationId`: the first page without a cursor, each next one with
 * the previous page's `nextCursor`, none after a page with `hasMore: false`.
 *
 * @example infiniteQueryOptionsOf('listCourses', params, (cursor, signal) => client.courses.listPage({ ...params, cursor }, { signal }))
 */
export function infiniteQueryOptionsOf<TPage extends Page<unknown>, P>(
  operationId: string,
  params: P,
  fetch: (cursor: string | undefined, signal: AbortSignal) => PromiseLike<TPage>,
): CourseInfiniteQueryOptions<TPage, P> {
  return {
    queryKey: infiniteKeyOf(operationId, params) as CourseInfiniteQueryOptions<TPage, P>['queryKey'],
    queryFn: async ({ pageParam, signal }) => fetch(pageParam, signal),
    initialPageParam: undefined,
    getNextPageParam: (page) => (page.hasMore && page.nextCursor ? page.nextCursor : undefined),
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
  return { mutationKey: [QUERY_KEY_ROOT, operationId], mutationFn: async (variables) => mutate(variables) };
}
