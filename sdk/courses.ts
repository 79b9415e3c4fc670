import type { APIPromise } from './api-promise.ts';
import { type ConditionalOptions, conditional, type NotModified } from './conditional.ts';
import {
  archiveCourse,
  createCourse,
  deleteCourse,
  getCourse,
  listCourses,
  publishCourse,
  restoreCourse,
  updateCourse,
} from './gen/sdk.gen.ts';
import type { Course, CourseCreate, CourseList, CourseUpdate, ListCoursesData } from './gen/types.gen.ts';
import { paginate } from './pagination.ts';
import type { RequestOptions, Send } from './transport.ts';

/**
 * Filters and paging of `listCourses` (`status`, `limit`, `cursor`), as the contract defines them;
 * each may also be `undefined` (not sent), so `cursor: page.nextCursor ?? undefined` compiles under
 * `exactOptionalPropertyTypes`.
 */
export type ListCoursesParams = OrUndefined<NonNullable<ListCoursesData['query']>>;

/** Every property optional and explicitly `undefined`-able, as a strict caller may pass it. */
export type OrUndefined<T> = { [K in keyof T]?: T[K] | undefined };

type MaybeConditional = RequestOptions & Partial<ConditionalOptions>;

/** Options of a creating call: an `Idempotency-Key` of your own instead of the generated one. */
export interface CreateOptions extends RequestOptions {
  idempotencyKey?: string | undefined;
}

/** Courses and their lifecycle, authenticated with the client's API key. */
export interface CoursesResource {
  /** Every course matching `params`, across all pages; pages are fetched as the loop advances. */
  list(
    params?: Omit<ListCoursesParams, 'cursor'>,
    options?: RequestOptions,
  ): AsyncGenerator<Course, void, undefined>;
  /**
   * One page of courses, only if it changed since the page whose `ETag` you pass: else
   * {@link NotModified} (the server answered `304` and sent no body).
   */
  listPage(
    params: ListCoursesParams | undefined,
    options: RequestOptions & ConditionalOptions,
  ): APIPromise<CourseList | NotModified>;
  /** One page of courses; pass the previous page's `nextCursor` as `cursor` for the next. */
  listPage(params?: ListCoursesParams, options?: RequestOptions): APIPromise<CourseList>;
  /**
   * The course, only if it changed since the version whose `ETag` you pass (from
   * `withResponse().etag`): else {@link NotModified}.
   */
  get(courseId: string, options: RequestOptions & ConditionalOptions): APIPromise<Course | NotModified>;
  /** The course with this id. */
  get(courseId: string, options?: RequestOptions): APIPromise<Course>;
  /** Creates a draft course. Safe to retry: an `Idempotency-Key` is generated unless you pass one. */
  create(body: CourseCreate, options?: CreateOptions): APIPromise<Course>;
  /** Changes the fields sent and keeps the others. */
  update(courseId: string, body: CourseUpdate, options?: RequestOptions): APIPromise<Course>;
  /** Deletes a draft or archived course for good. */
  delete(courseId: string, options?: RequestOptions): APIPromise<void>;
  /** `draft → published`. */
  publish(courseId: string, options?: RequestOptions): APIPromise<Course>;
  /** `draft | published → archived`. */
  archive(courseId: string, options?: RequestOptions): APIPromise<Course>;
  /** `archived → draft`. */
  restore(courseId: string, options?: RequestOptions): APIPromise<Course>;
}

/**
 * Builds the `courses` resource over a transport.
 *
 * @example
 * const courses = createCoursesResource(createTransport({ baseUrl, apiKey }).send);
 * const course = await courses.create({ name: 'Databases', description: '' });
 */
export function createCoursesResource(send: Send): CoursesResource {
  // One implementation per overloaded pair: without `ifNoneMatch` the result is never NotModified.
  const listPage = ((query: ListCoursesParams = {}, options: MaybeConditional = {}) => {
    const { ifNoneMatch, ...rest } = options;
    return send(
      'apiKey',
      'listCourses',
      // An `undefined` parameter is left out of the query string by the generated serializer.
      conditional(ifNoneMatch, (o) =>
        listCourses({ ...o, query: query as NonNullable<ListCoursesData['query']> }),
      ),
      rest,
    );
  }) as CoursesResource['listPage'];
  const get = ((courseId: string, options: MaybeConditional = {}) => {
    const { ifNoneMatch, ...rest } = options;
    return send(
      'apiKey',
      'getCourse',
      conditional(ifNoneMatch, (o) => getCourse({ ...o, path: { courseId } })),
      rest,
    );
  }) as CoursesResource['get'];
  return {
    list: (params = {}, options) =>
      paginate((cursor) => listPage({ ...params, ...(cursor ? { cursor } : {}) }, options)),
    listPage,
    get,
    create: (body, { idempotencyKey = crypto.randomUUID(), ...options } = {}) =>
      send(
        'apiKey',
        'createCourse',
        (o) => createCourse({ ...o, body, headers: { ...o.headers, 'Idempotency-Key': idempotencyKey } }),
        options,
      ),
    update: (courseId, body, options) =>
      send('apiKey', 'updateCourse', (o) => updateCourse({ ...o, path: { courseId }, body }), options),
    delete: (courseId, options) =>
      send(
        'apiKey',
        'deleteCourse',
        async (o) => ({ ...(await deleteCourse({ ...o, path: { courseId } })), data: undefined }),
        options,
      ),
    publish: (courseId, options) =>
      send('apiKey', 'publishCourse', (o) => publishCourse({ ...o, path: { courseId } }), options),
    archive: (courseId, options) =>
      send('apiKey', 'archiveCourse', (o) => archiveCourse({ ...o, path: { courseId } }), options),
    restore: (courseId, options) =>
      send('apiKey', 'restoreCourse', (o) => restoreCourse({ ...o, path: { courseId } }), options),
  };
}
