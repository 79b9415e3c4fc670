import { JsonText } from '../model/results.ts';
import { findCourse } from '../operation-helpers/find-course.ts';
import { courseOwner, type OperationHandler } from '../operation-helpers/operation.ts';
import { courseEtag, courseJson } from '../operation-helpers/representations.ts';

/** `GET /api/v1/courses/{courseId}`, with the course version's `ETag` (the dispatcher answers 304). */
export const getCourse: OperationHandler = async ({ params, caller }, { store }) => {
  const course = await findCourse(store, courseOwner(caller), params.courseId as string);
  return new JsonText(courseJson(course), courseEtag(course));
};
