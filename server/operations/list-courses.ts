import type { CourseStatus } from '../../domain/course-lifecycle.ts';
import { page } from '../../domain/pagination.ts';
import { courseOwner, JsonText, type OperationHandler } from './operation.ts';
import { pageQuery } from './pagination.ts';
import { courseJson } from './representations.ts';

/** `GET /api/v1/courses`: the caller's courses in its key's environment, newest first, one page at a time. */
export const listCourses: OperationHandler = async ({ query, caller }, { store }) => {
  const { limit, beforeSeq } = pageQuery(query);
  const status = query.status as CourseStatus | undefined;
  const rows = await store.listCourses({ ...courseOwner(caller), limit: limit + 1, beforeSeq, status });
  const { data, hasMore, nextCursor } = page(rows, limit);
  const list = `{"data":[${data.map(courseJson).join(',')}],"hasMore":${hasMore},"nextCursor":${JSON.stringify(nextCursor)}}`;
  return new JsonText(list);
};
