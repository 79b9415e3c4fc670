import { COURSE_FIELDS, type CourseRecord } from '@course-service/runtime';

/**
 * One frozen object per course version: a course read again, equal in every field to the last
 * object handed out for its id, is answered with that same object. Representations cached per
 * record object (a course's JSON and ETag, `operations/representations.ts`) are then reused
 * across queries, as they are with the embedded store's long-lived records. Nothing is ever
 * answered from here: every record comes from a query and only its identity is reused. The
 * newest `capacity` ids are kept, the oldest forgotten first.
 */
export class CourseInterner {
  readonly #byId = new Map<string, CourseRecord>();

  constructor(private readonly capacity = 10_000) {}

  /** `course` frozen, or the equal object handed out before. */
  intern(course: CourseRecord): CourseRecord {
    const known = this.#byId.get(course.id);
    if (known !== undefined && COURSE_FIELDS.every((field) => known[field] === course[field])) return known;
    if (known !== undefined) this.#byId.delete(course.id);
    else if (this.#byId.size >= this.capacity) {
      const oldest = this.#byId.keys().next();
      if (!oldest.done) this.#byId.delete(oldest.value);
    }
    const frozen = Object.freeze(course);
    this.#byId.set(course.id, frozen);
    return frozen;
  }
}
