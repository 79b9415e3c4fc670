import { CourseServiceError } from '@course-service/sdk';
import { expect } from 'vitest';
import type { RawReply } from './contract.ts';

/**
 * Awaits an SDK call that must fail and returns its error, asserting its status and problem code.
 *
 * @example
 * await expectProblem(client.courses.get('crs_0000000000000000'), 404, 'not_found');
 */
export async function expectProblem(
  call: PromiseLike<unknown>,
  status: number,
  code: string,
): Promise<CourseServiceError> {
  let caught: unknown;
  try {
    await call;
  } catch (error) {
    caught = error;
  }
  expect(caught, `expected a ${status} ${code}`).toBeInstanceOf(CourseServiceError);
  const error = caught as CourseServiceError;
  expect({ status: error.status, code: error.code }).toEqual({ status, code });
  return error;
}

/**
 * Asserts a raw reply is the problem `status` / `code`.
 *
 * @example
 * expectRawProblem(await c.call('/nope'), 404, 'not_found');
 */
export function expectRawProblem(reply: RawReply, status: number, code: string): void {
  expect({ status: reply.status, code: reply.body?.code }).toEqual({ status, code });
}

/** A well-formed id nobody has: the spec's pattern, all zeros. */
export const MISSING_COURSE_ID = 'crs_0000000000000000';
/** A well-formed API key id nobody has. */
export const MISSING_KEY_ID = 'key_0000000000000000';
