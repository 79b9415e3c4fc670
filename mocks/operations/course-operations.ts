import {
  allowedTransitions,
  type CourseTransition,
  isDeletable,
  isEditable,
  nextStatus,
} from '../../domain/course-lifecycle.ts';
import { newCourseId } from '../../domain/ids.ts';
import { page } from '../../domain/pagination.ts';
import { MockApiError } from '../mock-error.ts';
import type { CourseRecord } from '../model.ts';
import { courseView } from '../views.ts';
import { conditionalRead } from './conditional.ts';
import {
  courseOwner,
  type OperationContext,
  type OperationHandler,
  type OperationInput,
  ownerOf,
} from './operation.ts';
import { pageQuery } from './pagination.ts';

const VERB: Record<CourseTransition, string> = {
  publish: 'published',
  archive: 'archived',
  restore: 'restored',
};

/** Whether `course` is in the caller's account and its key's environment. */
function isOwnedBy(course: CourseRecord, owner: { ownerId: string; environment: string }): boolean {
  return course.ownerId === owner.ownerId && course.environment === owner.environment;
}

/** The caller's course; another owner's, or the other environment's, answers exactly like a missing one. */
function findCourse({ params, caller }: OperationInput, { model }: OperationContext): CourseRecord {
  const course = model.courses.get(params.courseId as string);
  if (!course || !isOwnedBy(course, courseOwner(caller)))
    throw new MockApiError('not_found', `No course '${params.courseId}' exists.`);
  return course;
}

function transition(name: CourseTransition): OperationHandler {
  return (input, context) => {
    const course = findCourse(input, context);
    const status = nextStatus(course.status, name);
    if (status === undefined) {
      const allowed = allowedTransitions(course.status);
      throw new MockApiError(
        'invalid_transition',
        `A course in state '${course.status}' cannot be ${VERB[name]}. Allowed from '${course.status}': ${allowed.join(', ')}.`,
        { extensions: { currentStatus: course.status, allowedTransitions: allowed } },
      );
    }
    const now = context.clock().toISOString();
    Object.assign(course, { status, updatedAt: now, archivedAt: status === 'archived' ? now : null });
    if (status === 'published') course.publishedAt = now;
    return courseView(course);
  };
}

/**
 * The course operations over the in-memory model, with the server's lifecycle rules and errors.
 *
 * @example courseOperations.getCourse(input, context) // { id: 'crs_…', status: 'draft', … }
 */
export const courseOperations = {
  listCourses(input, context) {
    const { limit, beforeSeq } = pageQuery(input.query);
    const status = input.query.status as string | undefined;
    const owner = courseOwner(input.caller);
    const courses = [...context.model.courses.values()].filter(
      (course) => isOwnedBy(course, owner) && (status === undefined || course.status === status),
    );
    const { data, hasMore, nextCursor } = page(
      context.model.page(courses, ownerOf(input.caller), limit + 1, beforeSeq),
      limit,
    );
    return conditionalRead(input.headers, { data: data.map(courseView), hasMore, nextCursor });
  },
  createCourse({ body, caller }, { model, clock }) {
    const { name, description } = body as { name: string; description: string };
    const now = clock().toISOString();
    const course: CourseRecord = {
      ...{ id: newCourseId(), ...courseOwner(caller), name, description, status: 'draft' },
      ...{ createdAt: now, updatedAt: now, publishedAt: null, archivedAt: null, seq: model.nextSeq() },
    };
    model.courses.set(course.id, course);
    return courseView(course);
  },
  getCourse: (input, context) => conditionalRead(input.headers, courseView(findCourse(input, context))),
  updateCourse(input, context) {
    const course = findCourse(input, context);
    if (!isEditable(course.status)) {
      throw new MockApiError(
        'course_archived',
        `Course '${course.id}' is archived and read-only; restore it first.`,
        {
          extensions: { currentStatus: course.status, allowedTransitions: ['restore'] },
        },
      );
    }
    const { name, description } = input.body as { name?: string; description?: string };
    Object.assign(
      course,
      name === undefined ? {} : { name },
      description === undefined ? {} : { description },
    );
    course.updatedAt = context.clock().toISOString();
    return courseView(course);
  },
  deleteCourse(input, context) {
    const course = findCourse(input, context);
    if (!isDeletable(course.status)) {
      throw new MockApiError(
        'invalid_course_state',
        `Course '${course.id}' is ${course.status}; archive it before deleting it.`,
        {
          extensions: { currentStatus: course.status, allowedTransitions: allowedTransitions(course.status) },
        },
      );
    }
    context.model.courses.delete(course.id);
    return undefined;
  },
  publishCourse: transition('publish'),
  archiveCourse: transition('archive'),
  restoreCourse: transition('restore'),
  resetTestData({ caller }, { model }) {
    const ownerId = ownerOf(caller);
    let deletedCourses = 0;
    for (const course of model.courses.values()) {
      if (!isOwnedBy(course, { ownerId, environment: 'test' })) continue;
      model.courses.delete(course.id);
      deletedCourses++;
    }
    return { environment: 'test', deletedCourses };
  },
} satisfies Record<string, OperationHandler>;
