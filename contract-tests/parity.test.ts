// Over 300 lines on purpose: one scripted sequence, read in order, whose steps depend on the ones
// before them (ids, ETags, idempotency keys); split, it would no longer read as one story.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCourseServiceMock, mockApiKey } from '../mocks/index.ts';
import { startServer } from '../server/start-server.ts';
import { type CourseMockProcess, startCourseMock } from '../test-support/mocks/course-mock-process.ts';
import { MISSING_COURSE_ID, MISSING_KEY_ID } from './assertions.ts';
import { loadContractSpec } from './spec.ts';

// The server and the mocks are two adapters over one core: the same scripted sequence must get the
// same answers from both, step by step, and from the mocks served over HTTP by `course-mock serve`. Values that are each side's own (ids, timestamps, request
// ids, ETags, key values) are not compared; each side threads its own created ids through.

/** What earlier steps captured on one side: its own ID token, key values and ids. */
type Captured = Record<string, string>;
type Fields = Record<string, string>;

interface ApiCall {
  method: string;
  path: string;
  /** Sent as `Authorization: Bearer …`. */
  bearer?: string | undefined;
  headers?: Fields;
  /** Sent as an `application/json` body. */
  json?: unknown;
  /** Sent as is, with the `headers` given. */
  body?: string;
}

interface Reply {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: steps capture fields of whatever JSON came back.
  body: any;
}

interface Step {
  name: string;
  /** What the server must answer (status, problem code), so a step that provokes nothing is noticed. */
  expect: number | [number, string];
  request(c: Captured): ApiCall;
  capture?(reply: Reply): Captured;
  /** Headers compared besides the ones the spec declares for the answer (it declares no `Allow`). */
  also?: string[];
}

/** One step as one side saw it. */
type Run = { request: ApiCall; reply: Reply };

const COURSES = '/api/v1/courses';
const KEYS = '/api/v1/api-keys';
const SPEC = '/api/openapi';
const DRAFT = { name: 'Parity course', description: 'Sent to both sides.' };
const OVERSIZED = JSON.stringify({ name: 'big', description: 'x'.repeat(70_000) });
/** Well-formed (prefix, environment, checksum), yet issued by neither side. */
const UNKNOWN_KEY = mockApiKey('parity-unknown');
/** The key with its last checksum character changed: malformed, refused before any lookup. */
const mistyped = (key = '') => `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
const courseAt = (id = '', action = '') => `${COURSES}/${id}${action}`;
const rollOf = (keyId = '') => `${KEYS}/${keyId}/roll`;

type Args = [path: string, bearer?: string, json?: unknown, headers?: Fields];
function call(method: string, ...[path, bearer, json, headers]: Args): ApiCall {
  return { method, path, bearer, json, headers };
}
const get = (path: string, bearer?: string, headers?: Fields) =>
  call('GET', path, bearer, undefined, headers);
const post = (...args: Args) => call('POST', ...args);
const patch = (...args: Args) => call('PATCH', ...args);
const del = (...args: Args) => call('DELETE', ...args);
/** A course creation whose body is sent as is, under the content type given. */
const raw = (bearer: string | undefined, type: string, body: string): ApiCall => ({
  ...post(COURSES, bearer, undefined, { 'Content-Type': type }),
  body,
});
function step(name: string, expect: Step['expect'], request: Step['request'], more?: Partial<Step>): Step {
  return { name, expect, request, ...more };
}
const etag = (r: Reply) => r.headers.get('etag') ?? '';
const idem = (key: string) => ({ 'Idempotency-Key': key });
const READ_ONLY = { name: 'reader', scopes: ['courses:read'] };
const SANDBOX = { name: 'sandbox', environment: 'test' };
// The spec declares no headers on a 404, but which environment answered it matters.
const ENV = { also: ['Course-Environment'] };

const STEPS: Step[] = [
  // Credentials: each side issues its own, so nothing is pre-seeded differently.
  step('dev token for alice', 200, () => post('/dev/token', undefined, { sub: 'alice' }), {
    capture: (r) => ({ token: r.body.idToken }),
  }),
  step('createApiKey: full production key', 201, (c) => post(KEYS, c.token, { name: 'parity prod' }), {
    capture: (r) => ({ prodKey: r.body.key }),
  }),
  step('createApiKey: read-only key', 201, (c) => post(KEYS, c.token, READ_ONLY), {
    capture: (r) => ({ readKey: r.body.key, readKeyId: r.body.id }),
  }),
  step('createApiKey: test key', 201, (c) => post(KEYS, c.token, SANDBOX), {
    capture: (r) => ({ testKey: r.body.key }),
  }),
  step('createApiKey with Idempotency-Key', 201, (c) => post(KEYS, c.token, { name: 'k' }, idem('k-1')), {
    capture: (r) => ({ doomedKey: r.body.key, doomedKeyId: r.body.id }),
  }),
  step('createApiKey: idempotent replay', 201, (c) => post(KEYS, c.token, { name: 'k' }, idem('k-1'))),
  step('createApiKey: Idempotency-Key reused with another body', [422, 'idempotency_key_reused'], (c) =>
    post(KEYS, c.token, { name: 'other' }, idem('k-1')),
  ),
  step('createApiKey: unknown scope', [400, 'validation_failed'], (c) =>
    post(KEYS, c.token, { name: 'bad', scopes: ['courses:delete'] }),
  ),
  step('listApiKeys', 200, (c) => get(`${KEYS}?environment=prod&limit=2`, c.token)),
  step('revokeApiKey', 200, (c) => del(`${KEYS}/${c.doomedKeyId}`, c.token)),
  step('revokeApiKey: unknown key', [404, 'not_found'], (c) => del(`${KEYS}/${MISSING_KEY_ID}`, c.token)),
  // Rolling a key: the old key keeps working for its window, the new one works at once.
  step('rollApiKey', 201, (c) => post(rollOf(c.readKeyId), c.token, { oldKeyExpiresIn: 600 }, idem('r-1')), {
    capture: (r) => ({ rolledKey: r.body.key }),
  }),
  step('rollApiKey: idempotent replay', 201, (c) =>
    post(rollOf(c.readKeyId), c.token, { oldKeyExpiresIn: 600 }, idem('r-1')),
  ),
  step('rollApiKey: rolled already', [409, 'key_already_rolled'], (c) => post(rollOf(c.readKeyId), c.token)),
  step('rollApiKey: revoked key', [409, 'key_already_revoked'], (c) => post(rollOf(c.doomedKeyId), c.token)),
  step('rollApiKey: unknown key', [404, 'not_found'], (c) => post(rollOf(MISSING_KEY_ID), c.token)),
  step('rollApiKey: window over 30 days', [400, 'validation_failed'], (c) =>
    post(rollOf(c.readKeyId), c.token, { oldKeyExpiresIn: 2_592_001 }),
  ),
  step('rolled key: still works in its window', 200, (c) => get(COURSES, c.readKey)),
  step('new key from the roll: works', 200, (c) => get(COURSES, c.rolledKey)),
  step('listApiKeyEvents', 200, (c) => get(`${KEYS}/${c.readKeyId}/events?limit=1`, c.token), {
    capture: (r) => ({ eventsCursor: r.body.nextCursor }),
  }),
  step('listApiKeyEvents: next page', 200, (c) =>
    get(`${KEYS}/${c.readKeyId}/events?limit=1&cursor=${c.eventsCursor}`, c.token),
  ),
  step('getApiKeyUsage', 200, (c) => get(`${KEYS}/${c.readKeyId}/usage?granularity=hour`, c.token)),
  step('getApiKeyUsage: range backwards', [400, 'validation_failed'], (c) =>
    get(`${KEYS}/${c.readKeyId}/usage?from=2026-02-02T00:00:00Z&to=2026-02-01T00:00:00Z`, c.token),
  ),
  step('listApiKeyEvents: unknown key', [404, 'not_found'], (c) =>
    get(`${KEYS}/${MISSING_KEY_ID}/events`, c.token),
  ),
  // A course through its whole lifecycle, with the conflict each state has.
  step('createCourse', 201, (c) => post(COURSES, c.prodKey, DRAFT), {
    capture: (r) => ({ courseA: r.body.id }),
  }),
  step(
    'createCourse via X-API-Key, with Idempotency-Key',
    201,
    (c) => post(COURSES, undefined, DRAFT, { 'X-API-Key': c.prodKey ?? '', ...idem('c-1') }),
    {
      capture: (r) => ({ courseB: r.body.id }),
    },
  ),
  step('createCourse: idempotent replay', 201, (c) => post(COURSES, c.prodKey, DRAFT, idem('c-1'))),
  step('createCourse: Idempotency-Key reused with another body', [422, 'idempotency_key_reused'], (c) =>
    post(COURSES, c.prodKey, { ...DRAFT, name: 'Other' }, idem('c-1')),
  ),
  step('listCourses: first page', 200, (c) => get(`${COURSES}?limit=1`, c.prodKey), {
    capture: (r) => ({ listEtag: etag(r), cursor: r.body.nextCursor }),
  }),
  step('listCourses: If-None-Match with its ETag', 304, (c) =>
    get(`${COURSES}?limit=1`, c.prodKey, { 'If-None-Match': c.listEtag ?? '' }),
  ),
  step('listCourses: next page', 200, (c) => get(`${COURSES}?limit=1&cursor=${c.cursor}`, c.prodKey)),
  step('listCourses: status filter', 200, (c) => get(`${COURSES}?status=draft`, c.prodKey)),
  step('getCourse', 200, (c) => get(courseAt(c.courseA), c.prodKey), {
    capture: (r) => ({ courseEtag: etag(r) }),
  }),
  step('getCourse: If-None-Match with its ETag', 304, (c) =>
    get(courseAt(c.courseA), c.prodKey, { 'If-None-Match': c.courseEtag ?? '' }),
  ),
  step('updateCourse', 200, (c) => patch(courseAt(c.courseA), c.prodKey, { name: 'Renamed' })),
  step('publishCourse', 200, (c) => post(courseAt(c.courseA, '/publish'), c.prodKey)),
  step('publishCourse: already published', [409, 'invalid_transition'], (c) =>
    post(courseAt(c.courseA, '/publish'), c.prodKey),
  ),
  step('deleteCourse: published', [409, 'invalid_course_state'], (c) => del(courseAt(c.courseA), c.prodKey)),
  step('archiveCourse', 200, (c) => post(courseAt(c.courseA, '/archive'), c.prodKey)),
  step('updateCourse: archived', [409, 'course_archived'], (c) =>
    patch(courseAt(c.courseA), c.prodKey, { name: 'Too late' }),
  ),
  step('restoreCourse', 200, (c) => post(courseAt(c.courseA, '/restore'), c.prodKey)),
  step('deleteCourse', 204, (c) => del(courseAt(c.courseA), c.prodKey)),
  step('getCourse: deleted', [404, 'not_found'], (c) => get(courseAt(c.courseA), c.prodKey)),
  step('getCourse: unknown id', [404, 'not_found'], (c) => get(courseAt(MISSING_COURSE_ID), c.prodKey)),
  // Scopes and environments.
  step('read-only key: getCourse', 200, (c) => get(courseAt(c.courseB), c.readKey)),
  step('read-only key: createCourse', [403, 'insufficient_scope'], (c) => post(COURSES, c.readKey, DRAFT)),
  step('test key: createCourse', 201, (c) => post(COURSES, c.testKey, DRAFT), {
    capture: (r) => ({ testCourse: r.body.id }),
  }),
  step('test key: listCourses', 200, (c) => get(COURSES, c.testKey)),
  step('test key: a prod course is 404', [404, 'not_found'], (c) => get(courseAt(c.courseB), c.testKey), ENV),
  step(
    'prod key: a test course is 404',
    [404, 'not_found'],
    (c) => get(courseAt(c.testCourse), c.prodKey),
    ENV,
  ),
  step('resetTestData', 200, (c) => del('/api/v1/test-data', c.token)),
  step(
    'test key: course gone after reset',
    [404, 'not_found'],
    (c) => get(courseAt(c.testCourse), c.testKey),
    ENV,
  ),
  // Every credential problem a client can cause.
  step('no credential', [401, 'authentication_required'], () => get(COURSES)),
  step('malformed key (checksum)', [401, 'invalid_api_key'], (c) => get(COURSES, mistyped(c.prodKey))),
  step('malformed key (shape) in X-API-Key', [401, 'invalid_api_key'], () =>
    get(COURSES, undefined, { 'X-API-Key': 'hunter2' }),
  ),
  step('unknown key', [401, 'invalid_api_key'], () => get(COURSES, UNKNOWN_KEY)),
  step('revoked key', [401, 'api_key_revoked'], (c) => get(COURSES, c.doomedKey)),
  step('ID token on a course call', [401, 'wrong_credential_type'], (c) => get(COURSES, c.token)),
  step('API key on key management', [401, 'wrong_credential_type'], (c) => get(KEYS, c.prodKey)),
  step('invalid ID token on key management', [401, 'invalid_id_token'], () => get(KEYS, 'not-a-token')),
  // Routing, parameters and bodies. The spec declares no `Allow`: it is compared on the 405 explicitly.
  step('unknown path', [404, 'not_found'], (c) => get('/api/v1/nope', c.prodKey)),
  step('method not allowed', [405, 'method_not_allowed'], (c) => call('PUT', COURSES, c.prodKey, DRAFT), {
    also: ['Allow'],
  }),
  step('limit=0', [400, 'validation_failed'], (c) => get(`${COURSES}?limit=0`, c.prodKey)),
  step('malformed cursor', [400, 'validation_failed'], (c) => get(`${COURSES}?cursor=!!!`, c.prodKey)),
  step('cursor never issued', [400, 'invalid_cursor'], (c) =>
    get(`${COURSES}?cursor=bm90LWEtY3Vyc29y`, c.prodKey),
  ),
  step('malformed course id', [400, 'validation_failed'], (c) => get(courseAt('crs_bad'), c.prodKey)),
  step('createCourse: missing name', [400, 'validation_failed'], (c) =>
    post(COURSES, c.prodKey, { description: '' }),
  ),
  step('createCourse: unknown field', [400, 'validation_failed'], (c) =>
    post(COURSES, c.prodKey, { ...DRAFT, colour: 'red' }),
  ),
  step('createCourse: malformed JSON', [400, 'malformed_json'], (c) =>
    raw(c.prodKey, 'application/json', '{"name":'),
  ),
  step('createCourse: wrong content type', [415, 'unsupported_media_type'], (c) =>
    raw(c.prodKey, 'text/plain', JSON.stringify(DRAFT)),
  ),
  step('createCourse: oversized body', [413, 'payload_too_large'], (c) =>
    raw(c.prodKey, 'application/json', OVERSIZED),
  ),
  // The service's own description and health.
  step('getOpenApiDocument', 200, () => get(SPEC), { capture: (r) => ({ specEtag: etag(r) }) }),
  step('getOpenApiDocument: If-None-Match with its ETag', 304, (c) =>
    get(SPEC, undefined, { 'If-None-Match': c.specEtag ?? '' }),
  ),
  step('getOpenApiDocument: oversized If-None-Match', [400, 'validation_failed'], () =>
    get(SPEC, undefined, { 'If-None-Match': 'x'.repeat(300) }),
  ),
  step('getHealth', 200, () => get('/healthz')),
];

/** Headers whose values must match too; every other declared header is compared by presence. */
const SAME_VALUE = [
  'Course-Environment',
  'Allow',
  'Cache-Control',
  'Idempotent-Replayed',
  'RateLimit-Policy',
];
const spec = loadContractSpec();

/** The headers the spec declares for this answer: the operation's, or those of an unrouted answer. */
function declaredHeaders(request: ApiCall, status: number): string[] {
  const operation = spec.find(request.method, request.path.split('?')[0] ?? '');
  const response = operation?.responses.find((r) => r.status === String(status)) ?? spec.serverLevel;
  return response.headers.map((h) => h.name);
}

const keysOf = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value).sort() : null;

/** What is compared of one answer; the `body` keys of arrays' first items too (`data`, `errors`). */
function observe(reply: Reply, headerNames: string[]) {
  const headers: Record<string, string | boolean | null> = {};
  for (const name of headerNames) {
    headers[name] = SAME_VALUE.includes(name) ? reply.headers.get(name) : reply.headers.has(name);
  }
  const body: Record<string, string[] | null> = { '': keysOf(reply.body) };
  for (const [key, value] of Object.entries(reply.body ?? {})) {
    if (Array.isArray(value) && keysOf(value[0])) body[`${key}[0]`] = keysOf(value[0]);
  }
  const type = reply.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? null;
  const isProblem = type === 'application/problem+json';
  return { status: reply.status, code: isProblem ? reply.body.code : null, type, headers, body };
}

/** Sends through `fetchFn` to `baseUrl`; the body is parsed when it is JSON. */
function sender(baseUrl: string, fetchFn: typeof fetch) {
  return async (request: ApiCall): Promise<Reply> => {
    const headers: Fields = { ...request.headers };
    if (request.bearer !== undefined) headers.Authorization = `Bearer ${request.bearer}`;
    if (request.json !== undefined) headers['Content-Type'] ??= 'application/json';
    const body = request.json === undefined ? request.body : JSON.stringify(request.json);
    const response = await fetchFn(`${baseUrl}${request.path}`, { method: request.method, headers, body });
    const text = await response.text();
    const json = /json/.test(response.headers.get('content-type') ?? '') && text !== '';
    return { status: response.status, headers: response.headers, body: json ? JSON.parse(text) : text };
  };
}

/** Runs the whole sequence on one side, threading what each step captured into the next ones. */
async function runSequence(send: (request: ApiCall) => Promise<Reply>) {
  const captured: Captured = {};
  const runs: Run[] = [];
  for (const step of STEPS) {
    const request = step.request(captured);
    const reply = await send(request);
    Object.assign(captured, step.capture?.(reply));
    runs.push({ request, reply });
  }
  return runs;
}

// Captured before msw patches the global fetch, so the server is reached over real loopback HTTP.
const loopbackFetch = globalThis.fetch;
const MOCK_URL = 'http://parity.mock';
// Both sides alike: quotas the sequence stays well within, failed authentication never limited.
const QUOTA = { max: 1000, windowSeconds: 60, authFailureMax: 1_000_000 };

describe('parity: the server and the mocks answer one sequence alike', () => {
  let onServer: Run[];
  let onMocks: Run[];
  let onServed: Run[];
  let served: CourseMockProcess | undefined;
  let close = async () => {};

  beforeAll(async () => {
    const server = await startServer({
      env: {
        RATE_LIMIT_MAX: String(QUOTA.max),
        RATE_LIMIT_WINDOW_SECONDS: String(QUOTA.windowSeconds),
        AUTH_FAILURE_LIMIT_MAX: String(QUOTA.authFailureMax),
        // The mocks count key creation under their one quota; the server has a separate one.
        KEY_CREATION_LIMIT_MAX: String(QUOTA.max),
        KEY_CREATION_WINDOW_SECONDS: String(QUOTA.windowSeconds),
      },
    });
    served = await startCourseMock([
      ...['--rate-limit-max', String(QUOTA.max), '--rate-limit-window', String(QUOTA.windowSeconds)],
      ...['--auth-failure-max', String(QUOTA.authFailureMax)],
    ]);
    const mock = createCourseServiceMock({ baseUrl: MOCK_URL, rateLimit: QUOTA });
    const interceptor = setupServer(...mock.handlers);
    interceptor.listen({ onUnhandledRequest: 'error' });
    close = async () => {
      interceptor.close();
      await server.close();
    };
    // One side after the other: each sequence depends on its own earlier answers only.
    onServer = await runSequence(sender(server.url, loopbackFetch));
    onMocks = await runSequence(sender(MOCK_URL, globalThis.fetch));
    onServed = await runSequence(sender(served.url, loopbackFetch));
  });
  afterAll(async () => {
    await close();
    await served?.stop();
  });

  test('the sequence is long enough to mean something', () => {
    expect(STEPS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(STEPS.map((s) => s.name)).size).toBe(STEPS.length);
  });

  test.each(STEPS.map((step, index) => [step.name, index] as const))('%s', (_name, index) => {
    const step = STEPS[index] as Step;
    const server = onServer[index] as Run;
    const mocks = onMocks[index] as Run;
    const overHttp = onServed[index] as Run;
    const names = new Set([
      ...[server, mocks, overHttp].flatMap((run) => declaredHeaders(run.request, run.reply.status)),
      ...(step.also ?? []),
    ]);
    const seenOnServer = observe(server.reply, [...names]);
    expect(observe(mocks.reply, [...names]), 'mocks (+) vs server (-)').toEqual(seenOnServer);
    expect(observe(overHttp.reply, [...names]), 'course-mock serve (+) vs server (-)').toEqual(seenOnServer);
    const [status, code = null] = typeof step.expect === 'number' ? [step.expect] : step.expect;
    expect({ status: seenOnServer.status, code: seenOnServer.code }, 'what the step provokes').toEqual({
      status,
      code,
    });
  });
});
