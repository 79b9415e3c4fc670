import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newApiKey,
  problem,
  sendJson,
  startCourseServer,
  startHttpServer,
} from '../test-support/sdk/servers.ts';
import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  type CourseClient,
  type CourseServiceError,
  createCourseClient,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
} from './index.ts';

let server: Awaited<ReturnType<typeof startCourseServer>>;
let client: CourseClient;
beforeAll(async () => {
  server = await startCourseServer();
  client = createCourseClient({ baseUrl: server.url, apiKey: await newApiKey(server.url) });
});
afterAll(() => server.close());

const missing = 'crs_0000000000000000';
const failure = (call: PromiseLike<unknown>) =>
  Promise.resolve(call).then(
    () => undefined,
    (e: unknown) => e,
  );

/** Asserts the error's class and the problem fields every error carries. */
function expectProblem(error: unknown, ErrorClass: typeof CourseServiceError, status: number, code: string) {
  expect(error).toBeInstanceOf(ErrorClass);
  const e = error as CourseServiceError;
  expect(e).toMatchObject({ status, code, name: ErrorClass.name });
  expect(e.requestId).toBe(e.headers.get('X-Request-Id'));
  expect(e.problem?.requestId).toBe(e.requestId);
  expect(e.detail).toBe(e.problem?.detail);
  expect(e.message).toBe(`${status} ${code}: ${e.detail}`);
}

describe('typed errors from the reference server', () => {
  it('400 validation_failed is a BadRequestError listing each field', async () => {
    const error = await failure(client.courses.create({ name: 'x'.repeat(201), description: '' }));
    expectProblem(error, BadRequestError, 400, 'validation_failed');
    expect((error as BadRequestError).errors).toEqual([
      { location: 'body', pointer: '/name', detail: expect.any(String) },
    ]);
  });

  it('401 is an AuthenticationError', async () => {
    const stranger = createCourseClient({
      baseUrl: server.url,
      apiKey: 'cms_prod_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    });
    expectProblem(await failure(stranger.courses.listPage()), AuthenticationError, 401, 'invalid_api_key');
  });

  it('403 is a PermissionDeniedError naming the missing scope', async () => {
    const reader = createCourseClient({
      baseUrl: server.url,
      apiKey: await newApiKey(server.url, ['courses:read']),
    });
    const error = await failure(reader.courses.create({ name: 'Databases', description: '' }));
    expectProblem(error, PermissionDeniedError, 403, 'insufficient_scope');
    expect((error as PermissionDeniedError).problem?.missingScopes).toEqual(['courses:write']);
  });

  it('404 is a NotFoundError', async () => {
    expectProblem(await failure(client.courses.get(missing)), NotFoundError, 404, 'not_found');
  });

  it('409 is a ConflictError with the allowed transitions', async () => {
    const course = await client.courses.create({ name: 'Databases', description: '' });
    await client.courses.archive(course.id);
    const error = await failure(client.courses.publish(course.id));
    expectProblem(error, ConflictError, 409, 'invalid_transition');
    expect((error as ConflictError).problem?.allowedTransitions).toEqual(['restore']);
  });

  it('413, 415 and 422 are BadRequestErrors too: the request must change before it can succeed', async () => {
    const huge = { name: 'Databases', description: 'x'.repeat(70_000) };
    expectProblem(await failure(client.courses.create(huge)), BadRequestError, 413, 'payload_too_large');
    const notJson = client.courses.create(
      { name: 'Databases', description: '' },
      { headers: { 'Content-Type': 'text/plain' } },
    );
    expectProblem(await failure(notJson), BadRequestError, 415, 'unsupported_media_type');
    const idempotencyKey = crypto.randomUUID();
    await client.courses.create({ name: 'First', description: '' }, { idempotencyKey });
    const reused = client.courses.create({ name: 'Second', description: '' }, { idempotencyKey });
    expectProblem(await failure(reused), BadRequestError, 422, 'idempotency_key_reused');
  });

  it('5xx is an InternalServerError, also for a body that is not a problem', async () => {
    const gateway = await startHttpServer((_req, res) => res.writeHead(502).end('Bad gateway'));
    const proxied = createCourseClient({ baseUrl: gateway.url, apiKey: 'k', maxRetries: 0 });
    const error = await failure(proxied.courses.get(missing));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 502, code: undefined, detail: 'Bad gateway', problem: undefined });
    await gateway.close();
    const failing = await startHttpServer((_req, res) =>
      sendJson(res, 500, problem(500, 'internal_error'), { 'X-Request-Id': 'req-500' }),
    );
    const failed = createCourseClient({ baseUrl: failing.url, apiKey: 'k', maxRetries: 0 });
    expectProblem(await failure(failed.courses.get(missing)), InternalServerError, 500, 'internal_error');
    await failing.close();
  });
});

describe('results instead of exceptions', () => {
  it('resolves to { data, error } on a client created with throwOnError: false', async () => {
    const safe = createCourseClient({
      baseUrl: server.url,
      apiKey: await newApiKey(server.url),
      throwOnError: false,
    });
    const created = await safe.courses.create({ name: 'Databases', description: '' });
    expect(created.error).toBeUndefined();
    expect(created.data?.name).toBe('Databases');
    const { data, error } = await safe.courses.get(missing);
    expect(data).toBeUndefined();
    expect(error).toBeInstanceOf(NotFoundError);
  });
});
