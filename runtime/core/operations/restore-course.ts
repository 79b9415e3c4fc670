import { transitionCourse } from '../operation-helpers/transition-course.ts';

/** `POST /api/v1/courses/{courseId}/restore`: see the lifecycle in the spec's `CourseStatus`. */
export const restoreCourse = transitionCourse('restore');
