import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  install,
  installedPackages,
  packPackages,
  strictTsconfig,
  typecheck,
} from '../../test-support/packages/packed-packages.ts';
import { browserBundle, SDK_MAIN_BUDGET_BYTES } from '../../test-support/sdk/sdk-bundle.ts';

const packed = packPackages('@course-service/sdk');

describe('@course-service/sdk, installed from its tarball', () => {
  let dir: string;

  it('adds exactly one package, and a strict TypeScript project compiles against it', () => {
    dir = packed.project('sdk-consumer', {
      'tsconfig.json': strictTsconfig([]),
      'use.ts': `import { createCourseClient, NotFoundError, type Course } from '@course-service/sdk';
const client = createCourseClient({ baseUrl: 'http://localhost:3000', apiKey: 'cms_prod_x' });
export async function names(): Promise<string[]> {
  const page = await client.courses.listPage({ limit: 5 });
  return page.data.map((course: Course) => course.name);
}
export const isMissing = (error: unknown): boolean => error instanceof NotFoundError;
`,
    });
    expect(install(dir, [packed.tarball('@course-service/sdk')])).toBe(1);
    expect(typecheck(dir)).toBe('');
  });

  it('bundles its main entry without either companion’s peer (neither is installed), within its budget', async () => {
    expect([...installedPackages(dir)].filter((name) => /^(zod|@tanstack\/)/.test(name))).toEqual([]);
    const main = await browserBundle({
      stdin: { contents: "export * from '@course-service/sdk';", resolveDir: dir },
    });
    expect(main.gzipped).toBeLessThanOrEqual(SDK_MAIN_BUDGET_BYTES);
  });

  it('verifies a webhook delivery through its webhooks entry, with nothing else installed', () => {
    // Signed by Node's own HMAC, independently of the SDK and of standardwebhooks.
    writeFileSync(
      join(dir, 'webhooks.mjs'),
      `import { createHmac, randomBytes } from 'node:crypto';
import { CourseServiceError } from '@course-service/sdk';
import { unwrapWebhook, WebhookVerificationError } from '@course-service/sdk/webhooks';
const key = randomBytes(24);
const body = JSON.stringify({ id: 'evt_1', type: 'webhook.test', timestamp: '2026-11-29T09:00:00Z', environment: 'prod', data: { endpointId: 'whe_1' } });
const timestamp = String(Math.floor(Date.now() / 1000));
const signature = createHmac('sha256', key).update(\`evt_1.\${timestamp}.\${body}\`).digest('base64');
const headers = { 'webhook-id': 'evt_1', 'webhook-timestamp': timestamp, 'webhook-signature': \`v1,\${signature}\` };
const event = await unwrapWebhook(Buffer.from(body), headers, \`whsec_\${key.toString('base64')}\`);
const forged = await unwrapWebhook(body, headers, \`whsec_\${randomBytes(24).toString('base64')}\`).catch((e) => e);
console.log(JSON.stringify({ type: event.type, code: forged.code, typed: forged instanceof WebhookVerificationError && forged instanceof CourseServiceError }));
`,
    );
    expect(
      JSON.parse(execFileSync(process.execPath, ['webhooks.mjs'], { cwd: dir, encoding: 'utf8' })),
    ).toEqual({ type: 'webhook.test', code: 'invalid_signature', typed: true });
  });

  it('with zod and @tanstack/query-core beside it, its companions compile strictly and run', () => {
    install(dir, ['zod@4.6.7', '@tanstack/query-core@5.108.4']);
    writeFileSync(
      join(dir, 'companions.ts'),
      `import { QueryClient } from '@tanstack/query-core';
import { type Course, createCourseClient } from '@course-service/sdk';
import { courseQueries } from '@course-service/sdk/query';
import { zCourseCreate, zListCoursesQuery } from '@course-service/sdk/zod';
const queries = courseQueries(createCourseClient({ baseUrl: 'http://localhost:3000', apiKey: 'cms_prod_x' }));
const list = queries.listCoursesOptions({ limit: 5 });
export const cached = (client: QueryClient): Course[] | undefined => client.getQueryData(list.queryKey)?.data;
export const create = queries.createCourseMutation();
export const pages = queries.listCoursesInfiniteOptions({ status: 'draft' });
export const valid: boolean = zCourseCreate.safeParse({ name: 'A', description: '' }).success;
export const limit: number = zListCoursesQuery.parse({}).limit;
`,
    );
    expect(typecheck(dir)).toBe('');
    writeFileSync(
      join(dir, 'companions.mjs'),
      `import { courseQueries } from '@course-service/sdk/query';
import { createCourseClient } from '@course-service/sdk';
import { zCourseCreate } from '@course-service/sdk/zod';
const queries = courseQueries(createCourseClient({ baseUrl: 'http://localhost:3000', apiKey: 'cms_prod_x' }));
console.log(JSON.stringify({
  key: queries.listCoursesInfiniteOptions({ limit: 5 }).queryKey,
  refused: zCourseCreate.safeParse({ name: '', description: '' }).success,
}));
`,
    );
    expect(
      JSON.parse(execFileSync(process.execPath, ['companions.mjs'], { cwd: dir, encoding: 'utf8' })),
    ).toEqual({
      // The environment of a value not shaped like a key is undefined, which JSON leaves out.
      key: ['course-service', 'listCourses', { limit: 5 }, 'infinite', { baseUrl: 'http://localhost:3000' }],
      refused: false,
    });
  });
});
