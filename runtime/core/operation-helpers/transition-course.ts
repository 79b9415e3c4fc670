import {
  allowedTransitions,
  type CourseStatus,
  type CourseTransition,
  nextStatus,
} from '../../domain/course-lifecycle.ts';
import { ApiError } from '../model/api-error.ts';
import type { CourseChanges } from '../model/store.ts';
import { courseEvent } from './event-payload.ts';
import { findCourse } from './find-course.ts';
import { courseOwner, type OperationHandler } from './operation.ts';
import { courseView } from './representations.ts';

const VERB = {
  publish: 'published',
  archive: 'archived',
  restore: 'restored',
} as const satisfies Record<CourseTransition, string>;

/** The handler of one lifecycle operation; illegal transitions answer 409 naming the allowed ones. */
export function transitionCourse(transition: CourseTransition): OperationHandler {
  return async ({ params, caller }, deps) => {
    const { store, clock, observer } = deps;
    const owner = courseOwner(caller);
    // Another instance may change the course between the read and the write: the write is a
    // compare-and-set on the status read, and a lost race reads again and decides afresh.
    for (;;) {
      const course = await findCourse(store, owner, params.courseId as string);
      const changes = changesFor(course.status);
      const event = courseEvent(`course.${VERB[transition]}`, deps, changes.updatedAt);
      const updated = await store.updateCourse(owner, course.id, changes, course.status, event);
      if (!updated) continue;
      observer.courseTransitioned(transition);
      return courseView(updated);
    }

    function changesFor(current: CourseStatus): CourseChanges {
      const status = nextStatus(current, transition);
      if (status === undefined) {
        const allowed = allowedTransitions(current);
        throw new ApiError(
          'invalid_transition',
          `A course in state '${current}' cannot be ${VERB[transition]}. Allowed from '${current}': ${allowed.join(', ')}.`,
          { extensions: { currentStatus: current, allowedTransitions: allowed } },
        );
      }
      const now = clock().toISOString();
      const changes: CourseChanges = { status, updatedAt: now };
      if (status === 'published') changes.publishedAt = now;
      changes.archivedAt = status === 'archived' ? now : null;
      return changes;
    }
  };
}
