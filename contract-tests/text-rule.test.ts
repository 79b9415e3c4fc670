import { hasControlCharacter } from '@course-service/runtime/domain/text';
import fc from 'fast-check';
import { getResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourseServiceMock, mockApiKey } from '../mocks/index.ts';
import { startTestServer, type TestServer } from '../test-support/server/harness.ts';
import {
  createTestDatabase,
  createTestRedis,
  type TestDatabase,
} from '../test-support/services/test-backend.ts';

// One rule for text the backends cannot agree on (PostgreSQL refuses NUL where sql.js keeps it, and
// stores an unpaired surrogate as U+FFFD): text with a control character is refused by the spec's
// validator, naming the field, and every text it accepts reads back the same from every backend.

/** Sends one JSON request to a backend (with its API key, or `bearer`) and reads its status and body. */
type Send = (
  method: string,
  path: string,
  body: unknown,
  bearer?: string,
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the backend sent
) => Promise<{ status: number; body: any }>;

interface Backend {
  name: string;
  send: Send;
  close(): Promise<void>;
}

function serverBackend(name: string, server: TestServer, key: string, close: () => Promise<void>): Backend {
  return {
    name,
    close,
    async send(method, path, body, bearer = key) {
      const response = await server.call(method, path, { bearer, body });
      return { status: response.status, body: response.body };
    },
  };
}

async function sqljsBackend(): Promise<Backend> {
  const server = await startTestServer({ RATE_LIMIT_MAX: '1000000' });
  return serverBackend('sql.js', server, await server.apiKey('text'), () => server.close());
}

async function postgresBackend(): Promise<Backend> {
  const database: TestDatabase = await createTestDatabase();
  const redis = createTestRedis();
  const server = await startTestServer({
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: redis.keyPrefix,
    RATE_LIMIT_MAX: '1000000',
  });
  return serverBackend('PostgreSQL', server, await server.apiKey('text'), async () => {
    await server.close();
    await Promise.all([database.drop(), redis.clear()]);
  });
}

/** The msw mocks, called through msw's own request handling (no interception of this process's fetch). */
function mocksBackend(): Backend {
  const key = mockApiKey('text');
  const mock = createCourseServiceMock({
    baseUrl: 'http://course-service.test',
    apiKeys: [{ key }],
    rateLimit: { max: 1_000_000 },
  });
  return {
    name: 'mocks',
    close: async () => undefined,
    async send(method, path, body, bearer = key) {
      const request = new Request(`${mock.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: body === undefined || typeof body === 'string' ? body : JSON.stringify(body),
      });
      const response = (await getResponse(mock.handlers, request)) as Response;
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : text };
    },
  };
}

const CONTROLS = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code));
/** The control characters a description may hold. */
const LINE_CONTROLS = ['\t', '\n', '\r'];
const plain = fc.string({ unit: 'grapheme', maxLength: 30 });

/** Text with at least one control character from `controls` somewhere in it. */
function withControl(controls: string[]): fc.Arbitrary<string> {
  return fc
    .tuple(plain, fc.constantFrom(...controls), plain)
    .map(([before, control, after]) => `${before}${control}${after}`);
}

/** Text every backend must accept as a name: no control character, and a non-space one. */
const goodName = fc
  .tuple(plain, fc.string({ unit: 'grapheme', minLength: 1, maxLength: 5 }))
  .map(([text, tail]) => `${text}x${tail}`)
  .filter((text) => !hasControlCharacter(text));
const goodDescription = fc
  .array(fc.oneof(plain, fc.constantFrom(...LINE_CONTROLS)), { maxLength: 6 })
  .map((parts) => parts.join(''))
  .filter((text) => [...text].every((char) => char >= ' ' || LINE_CONTROLS.includes(char)));

let backends: Backend[];
beforeAll(async () => {
  backends = await Promise.all([sqljsBackend(), postgresBackend(), mocksBackend()]);
});
afterAll(() => Promise.all(backends.map((backend) => backend.close())));

/** What every backend answered, by name. */
async function everywhere(method: string, path: (backend: Backend) => string, body: unknown) {
  return Promise.all(
    backends.map(async (backend) => ({ backend, ...(await backend.send(method, path(backend), body)) })),
  );
}

function expectRefusal(
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the backend sent
  answers: Array<{ backend: Backend; status: number; body: any }>,
  pointer: string,
): void {
  for (const { backend, status, body } of answers) {
    expect({ backend: backend.name, status, code: body.code }).toEqual({
      backend: backend.name,
      status: 400,
      code: 'validation_failed',
    });
    expect(body.errors).toEqual([
      { location: 'body', pointer, detail: expect.stringMatching(/control characters/) },
    ]);
  }
}

describe('text with control characters, on sql.js, PostgreSQL and the mocks', () => {
  it('refuses a control character in a course name or description, naming the field', async () => {
    await fc.assert(
      fc.asyncProperty(withControl(CONTROLS), async (name) => {
        expectRefusal(await everywhere('POST', () => '/api/v1/courses', { name, description: '' }), '/name');
      }),
      { numRuns: 40 },
    );
    const forbidden = CONTROLS.filter((control) => !LINE_CONTROLS.includes(control));
    await fc.assert(
      fc.asyncProperty(withControl(forbidden), async (description) => {
        const answers = await everywhere('POST', () => '/api/v1/courses', { name: 'x', description });
        expectRefusal(answers, '/description');
      }),
      { numRuns: 40 },
    );
  });

  it('refuses a control character in a change of name and in an API key name', async () => {
    const ids = new Map<string, string>();
    for (const { backend, status, body } of await everywhere('POST', () => '/api/v1/courses', {
      name: 'To rename',
      description: '',
    })) {
      expect(status).toBe(201);
      ids.set(backend.name, body.id);
    }
    await fc.assert(
      fc.asyncProperty(withControl(CONTROLS), async (name) => {
        const path = (backend: Backend) => `/api/v1/courses/${ids.get(backend.name)}`;
        expectRefusal(await everywhere('PATCH', path, { name }), '/name');
      }),
      { numRuns: 20 },
    );
    // Key management takes an ID token, which the mocks issue as the server does.
    const tokens = await Promise.all(
      backends.map(
        async (backend) => (await backend.send('POST', '/dev/token', { sub: 'text' })).body.idToken,
      ),
    );
    await fc.assert(
      fc.asyncProperty(withControl(CONTROLS), async (name) => {
        const answers = await Promise.all(
          backends.map(async (backend, i) => ({
            backend,
            ...(await backend.send('POST', '/api/v1/api-keys', { name }, tokens[i])),
          })),
        );
        expectRefusal(answers, '/name');
      }),
      { numRuns: 10 },
    );
  });

  it('refuses a development ID token for a subject with a control character', async () => {
    for (const sub of ['a\u0000b', 'tab\there']) {
      for (const { backend, status, body } of await everywhere('POST', () => '/dev/token', { sub })) {
        expect({ backend: backend.name, status, pointer: body.errors?.[0]?.pointer }).toEqual({
          backend: backend.name,
          status: 400,
          pointer: '/sub',
        });
      }
    }
  });

  it('stores every text it accepts so that every backend reads back the same', async () => {
    await fc.assert(
      fc.asyncProperty(goodName, goodDescription, async (name, description) => {
        const created = await everywhere('POST', () => '/api/v1/courses', { name, description });
        for (const { backend, status, body } of created) {
          expect({ backend: backend.name, status }).toEqual({ backend: backend.name, status: 201 });
          const read = await backend.send('GET', `/api/v1/courses/${body.id}`, undefined);
          expect({ name: read.body.name, description: read.body.description }).toEqual({ name, description });
        }
      }),
      { numRuns: 40 },
    );
  });

  it('refuses a string with an unpaired surrogate as malformed JSON, which no backend could store alike', async () => {
    for (const lone of ['\\ud800', '\\udfff', 'a\\ud83d', '\\ude00b']) {
      const body = `{"name":"${lone}","description":""}`;
      for (const { backend, status, body: problem } of await everywhere(
        'POST',
        () => '/api/v1/courses',
        body,
      )) {
        expect({ backend: backend.name, status, code: problem.code }).toEqual({
          backend: backend.name,
          status: 400,
          code: 'malformed_json',
        });
      }
    }
    // A pair written as escapes is one character, and welcome.
    const pair = await everywhere(
      'POST',
      () => '/api/v1/courses',
      '{"name":"\\ud83d\\ude00","description":""}',
    );
    expect(pair.map((answer) => [answer.status, answer.body.name])).toEqual(backends.map(() => [201, '😀']));
  });
});
