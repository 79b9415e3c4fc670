import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  install,
  packPackages,
  strictTsconfig,
  typecheck,
} from '../../test-support/packages/packed-packages.ts';

const packed = packPackages('@course-service/mocks', '@course-service/sdk');

/** A consumer's test of its code against the mocks: the SDK's retries through forced failures (429 and 503 with Retry-After, 500, a network error), and a webhook delivered signed. */
const RETRIES = `import { setupServer } from 'msw/node';
import { createCourseClient } from '@course-service/sdk';
import { createCourseServiceMock, mockApiKey } from '@course-service/mocks';

const apiKey = mockApiKey('consumer');
const received = [];
const mock = createCourseServiceMock({
  baseUrl: 'http://courses.test',
  apiKeys: [{ key: apiKey }],
  webhooks: { deliver: async (request) => { received.push([await request.text(), request.headers]); return new Response(null, { status: 204 }); } },
});
const server = setupServer(...mock.handlers);
server.listen({ onUnhandledRequest: 'error' });
const client = createCourseClient({ baseUrl: mock.baseUrl, apiKey });
const { secret } = await client.webhookEndpoints.create({ url: 'https://app.example/hooks' });
mock.scenario('createCourse').rateLimited({ retryAfter: 1, times: 1 });
const created = await client.courses.create({ name: 'Retried', description: 'after a 429' });
mock.scenario('getCourse').serverError({ times: 1 });
const read = await client.courses.get(created.id);
mock.scenario('listCourses').unavailable({ retryAfter: 1, times: 1 }).networkError({ times: 1 });
const page = await client.courses.listPage();
// The packed mocks sign deliveries (standardwebhooks is bundled in): the SDK verifies them.
await mock.webhooks.settle();
const delivered = await Promise.all(received.map(([body, headers]) => client.webhooks.unwrap(body, headers, secret)));
server.close();
console.log(JSON.stringify({ created: created.name, read: read.id === created.id, listed: page.data.length, delivered: delivered.map((event) => event.type) }));
`;

describe('@course-service/mocks, installed from its tarball', () => {
  let dir: string;
  beforeAll(() => {
    dir = packed.project('mocks-consumer', {
      'retries.mjs': RETRIES,
      'tsconfig.json': strictTsconfig(['node']),
    });
    install(dir, ['msw@2.15.0', '@types/node@20.19.43']);
  }, 180_000);

  it('adds only itself beside msw (a peer), and a strict TypeScript project compiles against it', () => {
    expect(install(dir, [packed.tarball('@course-service/mocks')])).toBe(1);
    writeFileSync(
      join(dir, 'use.ts'),
      `import { setupServer } from 'msw/node';
import { createCourseServiceMock, mockApiKey, type CourseServiceMockOptions } from '@course-service/mocks';
const options: CourseServiceMockOptions = { baseUrl: 'http://localhost:3000', apiKeys: [{ key: mockApiKey('a'), scopes: ['courses:read'] }] };
const mock = createCourseServiceMock(options);
export const server = setupServer(...mock.handlers);
mock.scenario('listCourses').delay(10, { times: 1 });
export const created = (): unknown => mock.requests.find({ operationId: 'createCourse' })?.body;
// @ts-expect-error: operationIds are the spec's, so a typo does not compile.
mock.requests.find({ operationId: 'createCourses' });
`,
    );
    expect(typecheck(dir)).toBe('');
  });

  it("lets the SDK's retries through a 429, a 500, a 503 and a network error, and verifies a delivered webhook, on msw 2 (Node 20)", () => {
    install(dir, [packed.tarball('@course-service/sdk')]);
    const output = execFileSync(process.execPath, ['retries.mjs'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(JSON.parse(output)).toEqual({
      created: 'Retried',
      read: true,
      listed: 1,
      delivered: ['course.created'],
    });
  });

  it('does the same on msw 3, which needs Node 22 or later (Node 24 from the registry)', () => {
    const three = packed.project('mocks-consumer-msw3', { 'retries.mjs': RETRIES });
    install(three, ['msw@3', packed.tarball('@course-service/sdk')], true);
    install(three, [packed.tarball('@course-service/mocks')], true);
    const output = execFileSync('npx', ['-y', 'node@24', 'retries.mjs'], {
      cwd: three,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(JSON.parse(output.trim().split('\n').at(-1) ?? '')).toEqual({
      created: 'Retried',
      read: true,
      listed: 1,
      delivered: ['course.created'],
    });
  });
});
