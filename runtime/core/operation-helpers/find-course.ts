import { ApiError } from '../model/api-error.ts';
import type { CourseOwner, CourseRecord, Store } from '../model/store.ts';

/**
 * The owner's course `id`; a 404 when there is none, or it is someone else's or the other
 * environment's (indistinguishable on purpose).
 */
export async function findCourse(store: Store, owner: CourseOwner, id: string): Promise<CourseRecord> {
  const course = await store.getCourse(owner, id);
  if (!course) throw new ApiError('not_found', `No course '${id}' exists.`);
  return course;
}
