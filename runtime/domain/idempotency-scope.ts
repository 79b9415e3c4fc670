import type { KeyEnvironment } from './api-key-format.ts';

/**
 * The scope an `Idempotency-Key` is stored under: per account and operation, and per environment
 * for API-key calls, so a test request never replays a production response. Server and mocks
 * scope alike.
 *
 * @example idempotencyScope('alice', 'test', 'createCourse') // 'alice test createCourse'
 */
export function idempotencyScope(
  ownerId: string,
  environment: KeyEnvironment | undefined,
  operationId: string,
): string {
  return environment === undefined ? `${ownerId} ${operationId}` : `${ownerId} ${environment} ${operationId}`;
}
