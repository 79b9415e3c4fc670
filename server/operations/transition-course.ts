import { allowedTransitions, type CourseTransition, nextStatus } from '../../domain/course-lifecycle.ts';
import { ApiError } from '../http/api-error.ts';
import type { CourseChanges } from '../store/store.ts';
import { findCourse } from './find-course.ts';
import { courseOwner, type OperationHandler } from './operation.ts';
import { courseView } from './representations.ts';

const VERB: Record<CourseTransition, string> = {
  publish: 'published',
  archive: 'archived',
  restore: 'restored',
};

/** The handler of one lifecycle operation; illegal transitions answer 409 naming the allowed ones. */
export function transitionCourse(transition: CourseTransition): OperationHandler {
  return async ({ params, caller }, { store, clock }) => {
    const owner = courseOwner(caller);
    const course = await findCourse(store, owner, params.courseId as string);
    const status = nextStatus(course.status, transition);
    if (status === undefined) {
      const allowed = allowedTransitions(course.status);
      throw new ApiError(
        'invalid_transition',
        `A course in state '${course.status}' cannot be ${VERB[transition]}. Allowed from '${course.status}': ${allowed.join(', ')}.`,
        { extensions: { currentStatus: course.status, allowedTransitions: allowed } },
      );
    }
    const now = clock().toISOString();
    const changes: CourseChanges = { status, updatedAt: now };
    if (status === 'published') changes.publishedAt = now;
    changes.archivedAt = status === 'archived' ? now : null;
    const updated = await store.updateCourse(owner, course.id, changes);
    if (!updated) throw new ApiError('not_found', `No course '${course.id}' exists.`);
    return courseView(updated);
  };
}
