import type { CourseStatus } from '../../domain/course-lifecycle.ts';
import { type OperationHandler, ownerOf } from './operation.ts';
import { cursorAfter, pageQuery } from './pagination.ts';
import { courseView, page } from './representations.ts';

/** `GET /api/v1/courses`: the caller's courses, newest first, one page at a time. */
export const listCourses: OperationHandler = async ({ query, caller }, { store }) => {
  const { limit, beforeSeq } = pageQuery(query);
  const status = query.status as CourseStatus | undefined;
  const rows = await store.listCourses({ ownerId: ownerOf(caller), limit: limit + 1, beforeSeq, status });
  const { data, hasMore, nextCursor } = page(rows, limit, cursorAfter);
  return { data: data.map(courseView), hasMore, nextCursor };
};
