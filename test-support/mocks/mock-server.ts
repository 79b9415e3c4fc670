// Test-only: a mock behind msw's Node interceptor. Its answers are checked against the spec where
// the checks are independent of the mocks: the contract suite's run on the mocks, and the parity
// test against the server.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { type CourseServiceMockOptions, createCourseServiceMock } from '../../mocks/index.ts';

/**
 * Starts a mock for the current test file: listens before all, resets after each, closes at the end;
 * a request no handler answers fails the test.
 *
 * @example const mock = useCourseServiceMock({ apiKeys: [{ key }] });
 */
export function useCourseServiceMock(options: Partial<CourseServiceMockOptions> = {}) {
  const mock = createCourseServiceMock({ baseUrl: 'http://course-service.test', ...options });
  const server = setupServer(...mock.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => mock.reset());
  afterAll(() => server.close());
  return mock;
}
