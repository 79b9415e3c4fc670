import type { CourseStatus } from '../../domain/course-lifecycle.ts';
import { page } from '../../domain/pagination.ts';
import { type OperationHandler, ownerOf } from './operation.ts';
import { pageQuery } from './pagination.ts';
import { courseView } from './representations.ts';

/** `GET /api/v1/courses`: the caller's courses, newest first, one page at a time. */
export const listCourses: OperationHandler = async ({ query, caller }, { store }) => {
  const { limit, beforeSeq } = pageQuery(query);
  const status = query.status as CourseStatus | undefined;
  const rows = await store.listCourses({ ownerId: ownerOf(caller), limit: limit + 1, beforeSeq, status });
  const { data, hasMore, nextCursor } = page(rows, limit);
  return { data: data.map(courseView), hasMore, nextCursor };
};
