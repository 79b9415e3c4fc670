import type { CourseStatus } from '../../domain/course-lifecycle.ts';
import { etagOf } from '../../domain/etag.ts';
import { page } from '../../domain/pagination.ts';
import { courseOwner, JsonText, type OperationHandler } from './operation.ts';
import { pageQuery } from './pagination.ts';
import { courseEtag, courseJson } from './representations.ts';

/** `GET /api/v1/courses`: the caller's courses in its key's environment, newest first, one page at a time. */
export const listCourses: OperationHandler = async ({ query, caller }, { store }) => {
  const { limit, beforeSeq } = pageQuery(query);
  const status = query.status as CourseStatus | undefined;
  const rows = await store.listCourses({ ...courseOwner(caller), limit: limit + 1, beforeSeq, status });
  const { data, hasMore, nextCursor } = page(rows, limit);
  const tail = `],"hasMore":${hasMore},"nextCursor":${JSON.stringify(nextCursor)}}`;
  const list = `{"data":[${data.map(courseJson).join(',')}${tail}`;
  // The page's bytes are determined by its courses' cached tags and its tail: hashing those is
  // the same as hashing the page, at a fraction of the length.
  return new JsonText(list, etagOf(data.map(courseEtag).join('') + tail));
};
