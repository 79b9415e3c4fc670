import { findCourse } from './find-course.ts';
import { courseOwner, JsonText, type OperationHandler } from './operation.ts';
import { courseJson } from './representations.ts';

/** `GET /api/v1/courses/{courseId}`. */
export const getCourse: OperationHandler = async ({ params, caller }, { store }) =>
  new JsonText(courseJson(await findCourse(store, courseOwner(caller), params.courseId as string)));
