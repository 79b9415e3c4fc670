import { afterEach, describe, expect, it } from 'vitest';
import {
  sampleCourse as course,
  devIdToken,
  newApiKey,
  problem,
  sendJson,
  startCourseServer,
  startHttpServer,
} from '../test-support/sdk/servers.ts';
import { startOtlpReceiver } from '../test-support/server/otlp-receiver.ts';
import {
  APIConnectionError,
  AuthenticationError,
  CourseServiceError,
  createCourseClient,
  getHealth,
  type HookContext,
} from './index.ts';

/** `bytes` random bytes in hex, as W3C trace context ids are written. */
const hex = (bytes: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');

let stub: Awaited<ReturnType<typeof startHttpServer>> | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

describe('hooks against the reference server', () => {
  it('a tracing hook: each attempt sends a traceparent of its own, and the server’s span is its child', async () => {
    const receiver = await startOtlpReceiver();
    const server = await startCourseServer({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint });
    const traceId = hex(16);
    const sent: { spanId: string; context: HookContext }[] = [];
    try {
      const apiKey = await newApiKey(server.url);
      const client = createCourseClient({
        baseUrl: server.url,
        apiKey,
        onRequest: (request, context) => {
          const spanId = hex(8);
          sent.push({ spanId, context });
          request.headers.set('traceparent', `00-${traceId}-${spanId}-01`);
        },
      });
      const { id } = await client.courses.create({ name: 'Traced', description: '' });
      await client.courses.get(id);
    } finally {
      // Stopping flushes the spans not sent yet.
      await server.close();
      await receiver.close();
    }
    const serverSpans = receiver.spans.filter((span) => span.traceId === traceId && span.kind === 2);
    const byParent = (a: { parent: string }, b: { parent: string }) => a.parent.localeCompare(b.parent);
    expect(
      serverSpans
        .map((span) => ({
          parent: span.parentSpanId,
          operationId: span.attributes['course_service.operation_id'],
        }))
        .sort(byParent),
    ).toEqual(
      sent
        .map(({ spanId, context }) => ({ parent: spanId, operationId: context.operationId }))
        .sort(byParent),
    );
    expect(sent.map(({ context }) => [context.operationId, context.attempt])).toEqual([
      ['createCourse', 1],
      ['getCourse', 1],
    ]);
  });

  it('a token-refresh hook: a 401 for an expired ID token gets a fresh one and a retry that succeeds', async () => {
    const server = await startCourseServer();
    try {
      let idToken = 'expired';
      const seen: [number, number][] = [];
      const admin = createCourseClient({
        baseUrl: server.url,
        idToken: () => idToken,
        onResponse: async (response, { attempt, retry }) => {
          seen.push([attempt, response.status]);
          if (response.status === 401 && attempt === 1) {
            idToken = await devIdToken(server.url);
            retry();
          }
        },
      });
      expect((await admin.apiKeys.listPage()).data).toEqual([]);
      expect(seen).toEqual([
        [1, 401],
        [2, 200],
      ]);
      // A retry a hook asks for counts against maxRetries.
      idToken = 'expired';
      seen.length = 0;
      await expect(admin.apiKeys.listPage({}, { maxRetries: 0 })).rejects.toBeInstanceOf(AuthenticationError);
      expect(seen).toEqual([[1, 401]]);
    } finally {
      await server.close();
    }
  });
});

describe('hooks', () => {
  it('run for every attempt, in order, and may replace the request and the response', async () => {
    stub = await startHttpServer((_req, res, n) =>
      n === 1
        ? sendJson(res, 503, problem(503, 'service_unavailable'), { 'Retry-After': '0' })
        : sendJson(res, 200, course),
    );
    const calls: string[] = [];
    const client = createCourseClient({
      baseUrl: stub.url,
      apiKey: 'k',
      onRequest: [
        (request, { operationId, attempt }) => {
          calls.push(`first ${operationId} ${attempt}`);
          request.headers.set('x-attempt', String(attempt));
        },
        (request, { attempt }) => {
          calls.push(`second ${attempt}`);
          const headers = new Headers(request.headers);
          headers.set('x-replaced', 'yes');
          return new Request(request, { headers });
        },
      ],
      onResponse: [
        (response, { attempt }) => {
          calls.push(`response ${response.status} ${attempt}`);
        },
        (response) =>
          response.ok
            ? Response.json({ ...course, name: 'Replaced' }, { headers: { 'X-Request-Id': 'replaced' } })
            : undefined,
      ],
    });
    const { data, requestId } = await client.courses.get(course.id).withResponse();
    expect([data.name, requestId]).toEqual(['Replaced', 'replaced']);
    expect(calls).toEqual([
      'first getCourse 1',
      'second 1',
      'response 503 1',
      'first getCourse 2',
      'second 2',
      'response 200 2',
    ]);
    expect(stub.seen.map((r) => [r.headers['x-attempt'], r.headers['x-replaced']])).toEqual([
      ['1', 'yes'],
      ['2', 'yes'],
    ]);
  });

  it('run for the generated functions called with client.raw too, without an operationId', async () => {
    stub = await startHttpServer((_req, res) => sendJson(res, 200, { status: 'ok' }));
    const contexts: HookContext[] = [];
    const client = createCourseClient({
      baseUrl: stub.url,
      onRequest: (_request, context) => {
        contexts.push(context);
      },
    });
    await getHealth({ client: client.raw, throwOnError: true });
    expect(contexts).toEqual([{ operationId: undefined, attempt: 1 }]);
  });

  it('onError runs for every attempt that got no response, with the typed error', async () => {
    const closed = await startHttpServer(() => undefined);
    await closed.close();
    const failures: [string, number][] = [];
    const client = createCourseClient({
      baseUrl: closed.url,
      apiKey: 'k',
      maxRetries: 1,
      onError: (error, { attempt }) => {
        failures.push([error.name, attempt]);
      },
    });
    await expect(client.courses.get(course.id)).rejects.toBeInstanceOf(APIConnectionError);
    expect(failures).toEqual([
      ['APIConnectionError', 1],
      ['APIConnectionError', 2],
    ]);
  });

  it('a hook that throws fails the call with its error, and nothing is sent', async () => {
    stub = await startHttpServer((_req, res) => sendJson(res, 200, course));
    const refused = new Error('no credentials in this environment');
    const client = createCourseClient({
      baseUrl: stub.url,
      apiKey: 'k',
      onRequest: () => {
        throw refused;
      },
    });
    await expect(client.courses.get(course.id)).rejects.toBe(refused);
    expect(stub.seen).toHaveLength(0);
  });

  it('a signing hook may read the body it is handed: the body is still sent, and retried', async () => {
    stub = await startHttpServer((_req, res, n) =>
      n === 1
        ? sendJson(res, 503, problem(503, 'service_unavailable'), { 'Retry-After': '0' })
        : sendJson(res, 201, course),
    );
    const signed: string[] = [];
    const client = createCourseClient({
      baseUrl: stub.url,
      apiKey: 'k',
      onRequest: async (request) => {
        const body = await request.text();
        signed.push(body);
        request.headers.set('x-signature', String(body.length));
      },
    });
    expect(await client.courses.create({ name: 'Signed', description: '' })).toEqual(course);
    const sent = JSON.stringify({ name: 'Signed', description: '' });
    expect(signed).toEqual([sent, sent]);
    expect(stub.seen.map((r) => [r.body, r.headers['x-signature']])).toEqual([
      [sent, String(sent.length)],
      [sent, String(sent.length)],
    ]);
  });

  it('a hook that returns a Request whose body it read fails the call with a typed error, unsent', async () => {
    stub = await startHttpServer((_req, res) => sendJson(res, 201, course));
    const client = createCourseClient({
      baseUrl: stub.url,
      apiKey: 'k',
      onRequest: async (request) => {
        const copy = new Request(request);
        await copy.text();
        return copy;
      },
    });
    const error = await client.courses.create({ name: 'x', description: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CourseServiceError);
    expect(error).not.toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toMatch(/body was already read: read request\.clone\(\) instead/);
    expect(stub.seen).toHaveLength(0);
  });
});
