import { transitionCourse } from '../operation-helpers/transition-course.ts';

/** `POST /api/v1/courses/{courseId}/archive`: see the lifecycle in the spec's `CourseStatus`. */
export const archiveCourse = transitionCourse('archive');
