import { ApiError } from '../http/api-error.ts';
import type { CourseRecord, Store } from '../store/store.ts';

/** The owner's course `id`; a 404 when there is none, or it is someone else's (indistinguishable on purpose). */
export async function findCourse(store: Store, ownerId: string, id: string): Promise<CourseRecord> {
  const course = await store.getCourse(ownerId, id);
  if (!course) throw new ApiError('not_found', `No course '${id}' exists.`);
  return course;
}
