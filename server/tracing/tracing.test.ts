import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startFleet } from '../../test-support/server/fleet.ts';
import { startTestServer } from '../../test-support/server/harness.ts';
import { type ReceivedSpan, startOtlpReceiver } from '../../test-support/server/otlp-receiver.ts';

// Real servers over HTTP: on PostgreSQL and Redis a process of its own, as an operator runs it (the
// pg and ioredis instrumentations patch the drivers as they load, which only a process that starts
// traced shows); on sql.js, in this process.

const FIXTURE = fileURLToPath(new URL('./loaded-modules.fixture.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
beforeAll(async () => {
  receiver = await startOtlpReceiver();
});
afterAll(() => receiver?.close());

/** A W3C `traceparent` of a new trace, as a caller that traces sends it. */
function callerTrace() {
  const traceId = randomBytes(16).toString('hex');
  const spanId = randomBytes(8).toString('hex');
  return { traceId, spanId, traceparent: `00-${traceId}-${spanId}-01` };
}

const inTrace = (traceId: string) => receiver.spans.filter((span) => span.traceId === traceId);
const named = (spans: ReceivedSpan[], name: string) => spans.filter((span) => span.name === name);

// Concurrent: each test waits mostly on a process starting, and each reads only its own trace.
// Each takes up to 20 s in CI beside three busy files.
describe.concurrent('OpenTelemetry traces', { timeout: 90_000 }, () => {
  it("exports a server span per request in the caller's trace, with authentication, store, PostgreSQL and Redis spans under it", async ({
    expect,
  }) => {
    const fleet = await startFleet(1, { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint });
    const caller = callerTrace();
    try {
      const { key } = await fleet.apiKey(0, 'alice');
      const listed = await fleet.call(0, 'GET', '/api/v1/courses', {
        bearer: key,
        headers: { traceparent: caller.traceparent, 'x-request-id': 'trace-test-1' },
      });
      expect(listed.status).toBe(200);
    } finally {
      // Stopping flushes the spans not sent yet.
      await fleet.stop();
    }
    const spans = inTrace(caller.traceId);
    const [server] = named(spans, 'GET /api/v1/courses');
    expect(server).toMatchObject({
      parentSpanId: caller.spanId,
      kind: 2,
      attributes: {
        'http.route': '/api/v1/courses',
        'http.request.method': 'GET',
        'http.response.status_code': 200,
        'course_service.operation_id': 'listCourses',
        'course_service.request_id': 'trace-test-1',
      },
    });
    const children = (name: string) => named(spans, name).filter((s) => s.parentSpanId === server?.spanId);
    expect(children('authenticate')[0]?.attributes).toEqual({
      'course_service.credential': 'apiKey',
      'course_service.auth.outcome': 'success',
    });
    const [lookup] = children('store findApiKeyByHash');
    const [list] = children('store listCourses');
    expect(lookup && list).toBeTruthy();
    // pg's own spans sit under the store calls that made them; ioredis's under the request.
    const under = (parent: ReceivedSpan | undefined) =>
      spans.filter((s) => s.parentSpanId === parent?.spanId).map((s) => s.name);
    expect(under(lookup)).toContainEqual(expect.stringMatching(/^pg\.query:find-api-keys /));
    expect(under(list)).toContainEqual(expect.stringMatching(/^pg\.query:list-courses /));
    const redis = spans.filter((s) => s.attributes['db.system.name'] === 'redis');
    expect(redis.length).toBeGreaterThan(0);
    for (const command of redis) {
      expect(command.parentSpanId).toBe(server?.spanId);
      expect(String(command.attributes['db.query.text'] ?? '')).not.toMatch(/rl:|key_/);
    }
  });

  it('has the sql.js journal fsync of a write under the store call and the request that made it', async ({
    expect,
  }) => {
    // In this process: sql.js needs no driver instrumentation patched at load.
    const server = await startTestServer({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      LOG_LEVEL: 'silent',
    });
    const caller = callerTrace();
    try {
      const key = await server.apiKey('bob');
      const course = await server.call('POST', '/api/v1/courses', {
        bearer: key,
        body: { name: 'Traced', description: 'fsync' },
        headers: { traceparent: caller.traceparent },
      });
      expect(course.status).toBe(201);
    } finally {
      await server.close();
    }
    const spans = inTrace(caller.traceId);
    const [request] = named(spans, 'POST /api/v1/courses');
    const [insert] = named(spans, 'store insertCourse');
    const [fsync] = named(spans, 'journal fsync');
    expect(request?.parentSpanId).toBe(caller.spanId);
    expect(insert?.parentSpanId).toBe(request?.spanId);
    expect(fsync?.parentSpanId).toBe(insert?.spanId);
  });

  it('loads nothing of OpenTelemetry or prom-client unless configured', async ({ expect }) => {
    const loaded = async (env: Record<string, string>) => {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', FIXTURE, JSON.stringify(env)],
        { cwd: ROOT, env: { PATH: process.env.PATH } },
      );
      return new Set(
        stdout
          .split('\n')
          .flatMap((path) => /node_modules\/((@opentelemetry\/)?[^/]+)\//.exec(path)?.[1] ?? []),
      );
    };
    const [bare, traced] = await Promise.all([
      loaded({}),
      loaded({ METRICS: 'on', OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint }),
    ]);
    expect([...bare]).toEqual([]);
    for (const name of ['prom-client', '@opentelemetry/sdk-trace-node', '@opentelemetry/instrumentation-pg'])
      expect(traced).toContain(name);
  });
});
