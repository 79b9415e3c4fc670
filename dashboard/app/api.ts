import { type CourseClient, createCourseClient } from '../../sdk/index.ts';
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

/**
 * A client for reading courses with an API key the person typed in; the key stays in memory.
 *
 * @example const page = await courseClient(apiKey).courses.listPage({ limit: 50 });
 */
export function courseClient(apiKey: string): CourseClient {
  return createCourseClient({ baseUrl: location.origin, apiKey, maxRetries: 0, timeout: 20_000 });
}
