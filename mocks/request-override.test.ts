// Per-request overrides, as an end-to-end test sets them from outside the app: a header on the
// request, honoured only by a mock created with `overrides: true`.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  BadRequestError,
  type ConflictError,
  createCourseClient,
  InternalServerError,
  NotFoundError,
  RateLimitError,
} from '../sdk/index.ts';
import { createCourseServiceMock, mockApiKey } from './index.ts';

const apiKey = mockApiKey('overrides');
const withOverrides = createCourseServiceMock({
  baseUrl: 'http://overrides.test',
  apiKeys: [{ key: apiKey }],
  overrides: true,
});
const without = createCourseServiceMock({ baseUrl: 'http://plain.test', apiKeys: [{ key: apiKey }] });
const server = setupServer(...withOverrides.handlers, ...without.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  withOverrides.reset();
  without.reset();
});
afterAll(() => server.close());

/** A client whose every call carries `headers`, as a browser context's extra headers would. */
const clientWith = (headers: Record<string, string>, baseUrl = withOverrides.baseUrl) =>
  createCourseClient({ baseUrl, apiKey, maxRetries: 0, headers });
const failure = (call: Promise<unknown>) =>
  call.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('per-request overrides', () => {
  it('are off unless the mock is created with them: the header changes nothing', async () => {
    const page = await clientWith({ Prefer: 'code=503' }, without.baseUrl).courses.listPage();
    expect(page.data).toEqual([]);
  });

  it('Prefer: code=503 forces the service_unavailable the operation documents, with Retry-After', async () => {
    const error = (await failure(
      clientWith({ Prefer: 'code=503' }).courses.listPage(),
    )) as InternalServerError;
    expect(error).toBeInstanceOf(InternalServerError);
    expect([error.status, error.code, error.headers.get('Retry-After')]).toEqual([
      503,
      'service_unavailable',
      '1',
    ]);
    expect(withOverrides.requests.find({ operationId: 'listCourses' })?.status).toBe(503);
  });

  it('forces any documented error with the problem the spec shows for it', async () => {
    const missing = await failure(clientWith({ Prefer: 'code=404' }).courses.get('crs_0000000000000000'));
    expect(missing).toBeInstanceOf(NotFoundError);
    const busy = (await failure(
      clientWith({ prefer: 'respond-async, code="409"' }).courses.create({ name: 'A', description: '' }),
    )) as ConflictError;
    expect([busy.status, busy.code]).toEqual([409, 'idempotency_request_in_progress']);
    const scope = await failure(clientWith({ Prefer: 'code=403' }).courses.listPage());
    expect(scope).toMatchObject({
      status: 403,
      code: 'insufficient_scope',
      problem: { missingScopes: ['courses:write'] },
    });
    const unauthorized = await fetch(`${withOverrides.baseUrl}/api/v1/courses`, {
      headers: { Prefer: 'code=401' },
    });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('WWW-Authenticate')).toMatch(/^Bearer realm=/);
    expect((await unauthorized.json()).code).toBe('authentication_required');
  });

  it('refuses a status the operation does not document with a 400 that lists the ones it does', async () => {
    const error = (await failure(clientWith({ Prefer: 'code=404' }).courses.listPage())) as BadRequestError;
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.code).toBe('validation_failed');
    expect(error.errors).toEqual([
      {
        location: 'header',
        pointer: '/prefer',
        detail:
          'asks for a 404: listCourses does not document a 404 error, so the mock will not send one; the errors it documents are 400, 401, 403, 429, 500, 503',
      },
    ]);
    const success = (await failure(clientWith({ Prefer: 'code=200' }).courses.listPage())) as BadRequestError;
    expect(success.errors[0]?.detail).toMatch(/^asks for a 200: listCourses does not document a 200 error/);
    const notStatus = (await failure(
      clientWith({ Prefer: 'code=teapot' }).courses.listPage(),
    )) as BadRequestError;
    expect(notStatus.errors[0]?.detail).toBe('asks for code=teapot, which is no HTTP status');
  });

  it('x-mock-scenario names a scenario: a dropped connection, a 429 with the quota headers', async () => {
    await expect(clientWith({ 'x-mock-scenario': 'networkError' }).courses.listPage()).rejects.toBeInstanceOf(
      APIConnectionError,
    );
    const limited = (await failure(
      clientWith({ 'x-mock-scenario': 'rateLimited' }).courses.listPage(),
    )) as RateLimitError;
    expect(limited).toBeInstanceOf(RateLimitError);
    expect(limited.headers.get('RateLimit')).toBe('"courses";r=0;t=1');
    const unknown = (await failure(
      clientWith({ 'x-mock-scenario': 'meltdown' }).courses.listPage(),
    )) as BadRequestError;
    expect(unknown.errors[0]?.detail).toBe(
      'names no scenario; it takes rateLimited, serverError, unavailable, networkError',
    );
  });

  it('x-mock-scenario takes no inherited name (__proto__, constructor, toString) for a scenario', async () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const refused = (await failure(
        clientWith({ 'x-mock-scenario': name }).courses.listPage(),
      )) as BadRequestError;
      expect(refused).toBeInstanceOf(BadRequestError);
      expect(refused.errors[0]?.detail).toBe(
        'names no scenario; it takes rateLimited, serverError, unavailable, networkError',
      );
    }
  });

  it('apply to the request that carries them only, and take no scenario’s turn', async () => {
    withOverrides.scenario('listCourses').serverError({ times: 1 });
    await expect(clientWith({ Prefer: 'code=503' }).courses.listPage()).rejects.toMatchObject({
      status: 503,
    });
    await expect(clientWith({}).courses.listPage()).rejects.toMatchObject({ status: 500 });
    expect((await clientWith({ Prefer: 'return=minimal' }).courses.listPage()).data).toEqual([]);
  });
});
