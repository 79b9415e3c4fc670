import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApiKey, startCourseServer } from '../test-support/sdk/servers.ts';
import { type CourseServiceError, createCourseClient } from './index.ts';
import {
  zCourseCreate,
  zCreateCourseBody,
  zGetHealthResponse,
  zListCoursesQuery,
  zListCoursesResponse,
  zProblem,
  zUpdateCoursePath,
} from './zod.ts';

let server: Awaited<ReturnType<typeof startCourseServer>>;
beforeAll(async () => {
  server = await startCourseServer();
});
afterAll(() => server.close());

describe('@course-service/sdk/zod', () => {
  it('accepts what the service answers: lists, courses, health and problems', async () => {
    const client = createCourseClient({ baseUrl: server.url, apiKey: await newApiKey(server.url) });
    const { id } = await client.courses.create({ name: 'Parsed', description: 'by zod' });
    await client.courses.publish(id);
    const page = await client.courses.listPage();
    expect(zListCoursesResponse.parse(page).data.map((course) => course.id)).toEqual([id]);
    expect(zGetHealthResponse.parse(await (await fetch(`${server.url}/healthz`)).json()).status).toBe('ok');
    const problem = await client.courses
      .get('crs_0000000000000000')
      .catch((e: unknown) => (e as CourseServiceError).problem);
    expect(zProblem.parse(problem)).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('refuses what the service refuses, as the contract words it', () => {
    expect(zCourseCreate.safeParse({ name: 'Algebra', description: '' }).success).toBe(true);
    expect(zCreateCourseBody.safeParse({ name: '', description: '' }).success).toBe(false);
    expect(zCreateCourseBody.safeParse({ name: 'x'.repeat(201), description: '' }).success).toBe(false);
    expect(zCreateCourseBody.safeParse({ name: 'Tab\tin name', description: '' }).success).toBe(false);
    expect(zListCoursesQuery.safeParse({ limit: 101 }).success).toBe(false);
    expect(zListCoursesQuery.safeParse({ status: 'deleted' }).success).toBe(false);
    expect(zUpdateCoursePath.safeParse({ courseId: 'crs_7GfK2pQm9XwLz4Rt' }).success).toBe(true);
    expect(zUpdateCoursePath.safeParse({ courseId: 'course-1' }).success).toBe(false);
  });
});
