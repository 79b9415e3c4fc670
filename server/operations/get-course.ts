import { findCourse } from './find-course.ts';
import { JsonText, type OperationHandler, ownerOf } from './operation.ts';
import { courseJson } from './representations.ts';

/** `GET /api/v1/courses/{courseId}`. */
export const getCourse: OperationHandler = async ({ params, caller }, { store }) =>
  new JsonText(courseJson(await findCourse(store, ownerOf(caller), params.courseId as string)));
