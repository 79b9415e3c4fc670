import { isEditable } from '../../domain/course-lifecycle.ts';
import { ApiError } from '../model/api-error.ts';
import { courseEvent } from '../operation-helpers/event-payload.ts';
import { findCourse } from '../operation-helpers/find-course.ts';
import { courseOwner, type OperationHandler } from '../operation-helpers/operation.ts';
import { courseView } from '../operation-helpers/representations.ts';

/** `PATCH /api/v1/courses/{courseId}`: changes the fields sent. Archived courses are read-only. */
export const updateCourse: OperationHandler = async ({ params, body, caller }, deps) => {
  const { store, clock } = deps;
  const owner = courseOwner(caller);
  // A compare-and-set on the status read: an archive on another instance in between is not undone
  // by this write, and the retry reads the course again.
  for (;;) {
    const course = await findCourse(store, owner, params.courseId as string);
    if (!isEditable(course.status)) {
      throw new ApiError(
        'course_archived',
        `Course '${course.id}' is archived and read-only; restore it first.`,
        {
          extensions: { currentStatus: course.status, allowedTransitions: ['restore'] },
        },
      );
    }
    const changes = body as { name?: string; description?: string };
    // A PATCH that changes nothing writes nothing: no new `updatedAt`, no `course.updated` event.
    const fields = Object.keys(changes) as Array<keyof typeof changes>;
    if (fields.every((field) => changes[field] === course[field])) return courseView(course);
    const updatedAt = clock().toISOString();
    const updated = await store.updateCourse(
      owner,
      course.id,
      { ...changes, updatedAt },
      course.status,
      courseEvent('course.updated', deps, updatedAt),
    );
    if (updated) return courseView(updated);
  }
};
