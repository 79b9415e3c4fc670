/**
 * `@course-service/sdk/zod`: a Zod schema of every request and response of the Course Management
 * Service, generated from its OpenAPI description by hey-api's `zod` plugin. Named `z` + the
 * schema (`zCourse`, `zCourseCreate`, `zProblem`, …), and per operation `z<OperationId>Body`,
 * `…Path`, `…Query`, `…Headers` and `…Response` (`zCreateCourseBody`, `zListCoursesResponse`, …).
 *
 * @example
 * import { zCourseCreate } from '@course-service/sdk/zod';
 *
 * const input = zCourseCreate.safeParse({ name: form.name, description: form.description });
 *
 * @module
 */
export * from './gen/zod.gen.ts';
