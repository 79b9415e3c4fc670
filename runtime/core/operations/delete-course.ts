import { allowedTransitions, isDeletable } from '../../domain/course-lifecycle.ts';
import { ApiError } from '../model/api-error.ts';
import { courseEvent } from '../operation-helpers/event-payload.ts';
import { findCourse } from '../operation-helpers/find-course.ts';
import { courseOwner, type OperationHandler } from '../operation-helpers/operation.ts';

/** `DELETE /api/v1/courses/{courseId}`: deletes a draft or archived course for good. */
export const deleteCourse: OperationHandler = async ({ params, caller }, deps) => {
  const { store } = deps;
  const owner = courseOwner(caller);
  // Deletes only in the state just read: a publish on another instance meanwhile makes this re-read.
  for (;;) {
    const course = await findCourse(store, owner, params.courseId as string);
    if (!isDeletable(course.status)) {
      throw new ApiError(
        'invalid_course_state',
        `Course '${course.id}' is ${course.status}; archive it before deleting it.`,
        {
          extensions: { currentStatus: course.status, allowedTransitions: allowedTransitions(course.status) },
        },
      );
    }
    const event = courseEvent('course.deleted', deps);
    if (await store.deleteCourse(owner, course.id, course.status, event)) return undefined;
  }
};
