import { type Course, type CourseClient, createCourseClient, type KeyEnvironment } from '../../sdk/index.ts';
import type { Session } from './session.ts';

/**
 * A client for key management with the session's ID token. No automatic retries: a person is
 * watching and gets the API's answer (and what to do about it) straight away.
 *
 * @example const keys = await Array.fromAsync(keyClient(session).apiKeys.list({ limit: 100 }));
 */
export function keyClient(session: Session): CourseClient {
  return createCourseClient({
    baseUrl: location.origin,
    idToken: () => session.idToken,
    maxRetries: 0,
    timeout: 20_000,
  });
}

// A client for reading courses with an API key the person typed in; the key stays in memory.
function courseClient(apiKey: string): CourseClient {
  return createCourseClient({ baseUrl: location.origin, apiKey, maxRetries: 0, timeout: 20_000 });
}

/** Courses read with an API key, and which environment answered. */
export interface LoadedCourses {
  courses: Course[];
  /** True when there were more than `max`. */
  more: boolean;
  /** From the `Course-Environment` header (the server's word), else from the key's own format. */
  environment: KeyEnvironment | undefined;
}

/**
 * Reads up to `max` courses, newest first, with the key, page by page.
 *
 * @example const { courses, environment } = await loadCourses(apiKey, 500);
 */
export async function loadCourses(apiKey: string, max: number): Promise<LoadedCourses> {
  const client = courseClient(apiKey);
  const courses: Course[] = [];
  let environment = client.environment;
  let cursor: string | undefined;
  for (;;) {
    const query = { limit: 100, ...(cursor ? { cursor } : {}) };
    const { data: page, environment: answered } = await client.courses.listPage(query).withResponse();
    environment = answered ?? environment;
    for (const course of page.data) {
      if (courses.length === max) return { courses, more: true, environment };
      courses.push(course);
    }
    if (!page.hasMore || !page.nextCursor) return { courses, more: false, environment };
    cursor = page.nextCursor;
  }
}
