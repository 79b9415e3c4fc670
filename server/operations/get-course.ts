import { findCourse } from './find-course.ts';
import { type OperationHandler, ownerOf } from './operation.ts';
import { courseView } from './representations.ts';

/** `GET /api/v1/courses/{courseId}`. */
export const getCourse: OperationHandler = async ({ params, caller }, { store }) =>
  courseView(await findCourse(store, ownerOf(caller), params.courseId as string));
