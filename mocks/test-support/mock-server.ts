// Test-only: a mock behind msw's Node interceptor, with every response checked against the spec.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { type CourseServiceMockOptions, createCourseServiceMock } from '../index.ts';
import { watchConformance } from './conformance.ts';

/**
 * Starts a mock for the current test file: listens before all, resets after each, and at the end
 * asserts that every response it sent conforms to the spec.
 *
 * @example const mock = useCourseServiceMock({ apiKeys: [{ key }] });
 */
export function useCourseServiceMock(options: Partial<CourseServiceMockOptions> = {}) {
  const mock = createCourseServiceMock({ baseUrl: 'http://course-service.test', ...options });
  const server = setupServer(...mock.handlers);
  const conformance = watchConformance(server, mock.baseUrl);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => mock.reset());
  afterAll(async () => {
    server.close();
    expect(conformance.count()).toBeGreaterThan(0);
    expect(await conformance.problems()).toEqual([]);
  });
  return mock;
}
