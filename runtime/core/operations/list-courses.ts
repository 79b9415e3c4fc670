import type { CourseStatus } from '../../domain/course-lifecycle.ts';
import { etagOfParts } from '../../domain/etag.ts';
import { page } from '../../domain/pagination.ts';
import { JsonText } from '../model/results.ts';
import { courseOwner, type OperationHandler } from '../operation-helpers/operation.ts';
import { pageQuery } from '../operation-helpers/pagination.ts';
import { courseDigest, courseJson } from '../operation-helpers/representations.ts';

/** `GET /api/v1/courses`: the caller's courses in its key's environment, newest first, one page at a time. */
export const listCourses: OperationHandler = async ({ query, caller }, { store }) => {
  const { limit, beforeSeq } = pageQuery(query);
  const status = query.status as CourseStatus | undefined;
  // Not spread from courseOwner(): a spread-built query is slower to read (decision 0007).
  const { ownerId, environment } = courseOwner(caller);
  const rows = await store.listCourses({ ownerId, environment, limit: limit + 1, beforeSeq, status });
  const { data, hasMore, nextCursor } = page(rows, limit);
  const tail = `],"hasMore":${hasMore},"nextCursor":${JSON.stringify(nextCursor)}}`;
  const list = `{"data":[${data.map(courseJson).join(',')}${tail}`;
  // The page's bytes are determined by its courses' representations and its tail: combining their
  // cached digests tags the page without reading its text again.
  return new JsonText(list, etagOfParts(data.map(courseDigest), tail));
};
