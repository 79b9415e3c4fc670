import type { ApiKey, Course } from '../sdk/gen/types.gen.ts';
import type { ApiKeyRecord, CourseRecord } from './model.ts';

/**
 * A course as the API shows it (the spec's `Course`).
 *
 * @example courseView(record).status // 'draft'
 */
export function courseView(course: CourseRecord): Course {
  const { id, name, description, status, createdAt, updatedAt, publishedAt, archivedAt, environment } =
    course;
  return { id, name, description, status, createdAt, updatedAt, publishedAt, archivedAt, environment };
}

/**
 * An API key as the API shows it (the spec's `ApiKey`), never with its value.
 *
 * @example apiKeyView(record, new Date()).status // 'active'
 */
export function apiKeyView(key: ApiKeyRecord, now: Date): ApiKey {
  const expired = key.expiresAt !== null && Date.parse(key.expiresAt) <= now.getTime();
  return {
    id: key.id,
    name: key.name,
    start: key.start,
    environment: key.environment,
    scopes: [...key.scopes] as ApiKey['scopes'],
    status: key.revokedAt !== null ? 'revoked' : expired ? 'expired' : 'active',
    createdAt: key.createdAt,
    lastUsedAt: key.lastUsedAt,
    expiresAt: key.expiresAt,
    revokedAt: key.revokedAt,
  };
}
