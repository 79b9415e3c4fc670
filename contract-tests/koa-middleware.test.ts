import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import compress from 'koa-compress';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { startBuiltInTarget } from '../test-support/contract-targets/built-in-target.ts';
import { createContract } from './contract.ts';
import { coverage } from './coverage.ts';
import { apiKeysSuite } from './suites/api-keys.ts';
import { courseLifecycleSuite } from './suites/course-lifecycle.ts';
import { createCourseSuite } from './suites/create-course.ts';
import { listCoursesSuite } from './suites/list-courses.ts';
import { paginationSuite } from './suites/pagination.ts';
import { requestBodiesSuite } from './suites/request-bodies.ts';

// What a Koa user mounts in front of the service changes none of its answers: with a body parser
// that reads every body first, the suites with request bodies (create, update, transitions, key
// creation, idempotent replay, 413, 415, malformed JSON) pass as they do without one; with
// compression, the lists reach the SDK and the contract checks compressed.

async function contractWith(middleware: Middleware[]) {
  const c = createContract(await startBuiltInTarget({}, {}, middleware));
  afterAll(() => c.target.close());
  return c;
}

// Every response was validated by the contract fetch; a broken promise fails the test that got it.
afterEach(() => {
  const violations = coverage.takePending();
  expect(violations, `responses that break openapi.yaml:\n${violations.join('\n')}`).toEqual([]);
});

const parsers: Array<[string, Middleware]> = [
  ['koa-body', koaBody()],
  ['@koa/bodyparser', bodyParser()],
];
for (const [name, parser] of parsers) {
  const c = await contractWith([parser]);
  describe(`with ${name} mounted in front`, () => {
    createCourseSuite(c);
    courseLifecycleSuite(c);
    requestBodiesSuite(c);
    apiKeysSuite(c);
  });
}

const compressed = await contractWith([compress({ threshold: 0 })]);
describe('with koa-compress mounted in front', () => {
  test('a list of 50 courses goes out compressed', async () => {
    const { key, client } = await compressed.newKey();
    for (let i = 0; i < 50; i++) await client.courses.create({ name: `Course ${i}`, description: 'd' });
    const reply = await compressed.call('/api/v1/courses?limit=50', {
      headers: { Authorization: `Bearer ${key}`, 'Accept-Encoding': 'gzip' },
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-encoding')).toBe('gzip');
    expect(reply.body.data).toHaveLength(50);
  });
  listCoursesSuite(compressed);
  paginationSuite(compressed);
});
