import type { Target } from '@course-service/contract-tests';

/** The credentials and records the fuzzer works with on one target. */
export interface FuzzSession {
  apiKey: string;
  idToken: string;
  /** Courses of the fuzzing account, for id parameters that exist. */
  courseIds: string[];
  /** Keys made to be revoked (never `apiKey`'s own id, so fuzzing cannot lock itself out). */
  revocableKeyIds: string[];
  /** Values no response may ever show (except a new key's own value in its creation response). */
  secrets: string[];
}

async function post(target: Target, path: string, bearer: string, body: unknown) {
  const response = await target.fetch(
    new Request(`${target.baseUrl}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`fuzz setup: POST ${path} answered ${response.status}: ${json.detail}`);
  return json as { id: string; key?: string };
}

/**
 * Four new draft courses of the fuzzing account: fuzzing deletes, archives and publishes the ones it
 * knows, so each round gets fresh ones to reach the success paths again.
 *
 * @example session.courseIds = await freshCourses(target, session.apiKey);
 */
export async function freshCourses(target: Target, apiKey: string): Promise<string[]> {
  const ids: string[] = [];
  for (const name of ['Fuzzing A', 'Fuzzing B', 'Fuzzing C', 'Fuzzing D'])
    ids.push((await post(target, '/api/v1/courses', apiKey, { name, description: '' })).id);
  return ids;
}

/**
 * Prepares a target for fuzzing: an ID token for a fresh subject, an API key with every scope,
 * a few courses and two keys to revoke.
 *
 * @example const session = await openFuzzSession(target);
 */
export async function openFuzzSession(target: Target): Promise<FuzzSession> {
  const subject = `fuzz-${crypto.randomUUID()}`;
  const idToken = await target.issueIdToken(subject);
  const created = await post(target, '/api/v1/api-keys', idToken, { name: 'fuzzing' });
  const apiKey = created.key as string;
  const courseIds = await freshCourses(target, apiKey);
  const revocable = [
    await post(target, '/api/v1/api-keys', idToken, { name: 'revocable 1' }),
    await post(target, '/api/v1/api-keys', idToken, { name: 'revocable 2' }),
  ];
  return {
    apiKey,
    idToken,
    courseIds,
    revocableKeyIds: revocable.map((key) => key.id),
    secrets: [apiKey, idToken, ...revocable.map((key) => key.key as string)],
  };
}
