import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../server/index.ts';
import {
  devIdToken,
  newApiKey,
  problem,
  sendJson,
  startCourseServer,
  startHttpServer,
} from '../test-support/sdk/servers.ts';
import { createCourseClient, type Logger, type LogLevel } from './index.ts';
import { createLog, environmentLogLevel } from './logging.ts';

/** A logger that keeps every line, by level. */
function capture() {
  const lines: string[] = [];
  const keep = (level: string) => (message: string) => {
    lines.push(`${level} ${message}`);
  };
  const logger: Logger = {
    error: keep('error'),
    warn: keep('warn'),
    info: keep('info'),
    debug: keep('debug'),
  };
  return { lines, logger };
}

describe('logging against the reference server', () => {
  let server: Awaited<ReturnType<typeof startCourseServer>>;
  beforeAll(async () => {
    // A quota of 2 a second, so that quick calls soon get a 429 and a retry.
    server = await startCourseServer({ RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW_SECONDS: '1' });
  });
  afterAll(() => server.close());

  it('logs every attempt at debug, its retry and why, and never a credential or a body', async () => {
    const idToken = await devIdToken(server.url);
    const { lines, logger } = capture();
    const admin = createCourseClient({ baseUrl: server.url, idToken, logLevel: 'debug', logger });
    const { key } = await admin.apiKeys.create({ name: 'Logged key' });
    for (const apiKeyHeader of [false, true]) {
      const client = createCourseClient({
        baseUrl: server.url,
        apiKey: key,
        apiKeyHeader,
        logLevel: 'debug',
        logger,
      });
      const course = await client.courses.create({ name: 'Secret plans', description: 'Body text' });
      await client.courses.get(course.id);
      // Reads until one was limited and retried, wherever the quota's window began.
      for (let i = 0; i < 10 && !lines.some((line) => line.includes('retrying')); i++) {
        await client.courses.get(course.id);
      }
    }
    const log = lines.join('\n');
    expect(log).not.toContain(key);
    expect(log).not.toContain(idToken);
    // Neither a request's body nor a response's.
    expect(log).not.toContain('Secret plans');
    expect(log).not.toContain('Logged key');
    expect(log).toMatch(/"authorization":"\[redacted\]"/);
    expect(log).toMatch(/"x-api-key":"\[redacted\]"/);
    expect(lines).toContainEqual(
      expect.stringMatching(/^debug course-service: createApiKey attempt 1: POST \/api\/v1\/api-keys \{/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^debug course-service: createApiKey attempt 1: 201 in \d+ ms, request id \S+$/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^info course-service: getCourse: retrying in \d+ ms \(retry-after-ms\) after status 429$/,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^debug course-service: getCourse attempt 2: 200 in \d+ ms/),
    );
  });

  it('takes a pino logger as it is', async () => {
    const written: string[] = [];
    const pino = createLogger('debug', { destination: { write: (line: string) => written.push(line) } });
    const apiKey = await newApiKey(server.url);
    await createCourseClient({
      baseUrl: server.url,
      apiKey,
      logLevel: 'debug',
      logger: pino,
    }).courses.listPage();
    const entries = written.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(entries.map(({ level, msg }) => [level, msg])).toEqual([
      [20, expect.stringMatching(/^course-service: listCourses attempt 1: GET \/api\/v1\/courses \{/)],
      [20, expect.stringMatching(/^course-service: listCourses attempt 1: 200 in \d+ ms/)],
    ]);
    expect(written.join('')).not.toContain(apiKey);
  });
});

describe('levels and loggers', () => {
  let stub: Awaited<ReturnType<typeof startHttpServer>>;
  // Each test's server fails every other request with 503 (the first included), so each call with
  // retries takes two attempts.
  beforeEach(async () => {
    stub = await startHttpServer((_req, res, n) =>
      n % 2 === 1
        ? sendJson(res, 503, problem(503, 'service_unavailable'), { 'Retry-After': '0' })
        : sendJson(res, 200, { data: [], hasMore: false, nextCursor: null }),
    );
  });
  afterEach(() => stub.close());

  it('logs nothing by default, and only the retries at info', async () => {
    const quiet = capture();
    await createCourseClient({ baseUrl: stub.url, apiKey: 'k', logger: quiet.logger }).courses.listPage();
    expect(quiet.lines).toEqual([]);
    const info = capture();
    await createCourseClient({
      baseUrl: stub.url,
      apiKey: 'k',
      logLevel: 'info',
      logger: info.logger,
    }).courses.listPage();
    expect(info.lines).toEqual([
      'info course-service: listCourses: retrying in 0 ms (Retry-After) after status 503',
    ]);
    expect(stub.seen).toHaveLength(4);
  });

  it('warns when it gives up, and logs an error when no answer came', async () => {
    const { lines, logger } = capture();
    const client = createCourseClient({
      baseUrl: stub.url,
      apiKey: 'k',
      maxRetries: 0,
      logLevel: 'warn',
      logger,
    });
    await client.courses.listPage().catch(() => undefined);
    const closed = await startHttpServer(() => undefined);
    await closed.close();
    const offline = createCourseClient({
      baseUrl: closed.url,
      apiKey: 'k',
      maxRetries: 0,
      logLevel: 'warn',
      logger,
    });
    await offline.courses.listPage().catch(() => undefined);
    expect(lines).toEqual([
      'warn course-service: listCourses: 503 after 1 attempt, not retried: no retries left',
      expect.stringMatching(
        /^error course-service: listCourses failed after 1 attempt: Connection error: ECONNREFUSED/,
      ),
    ]);
  });

  it('takes its level from COURSE_SERVICE_LOG where there is an environment, the option first', () => {
    const { lines, logger } = capture();
    expect(Object.keys(createLog(undefined, logger, 'debug'))).toEqual(['error', 'warn', 'info', 'debug']);
    expect(Object.keys(createLog('error', logger, 'debug'))).toEqual(['error']);
    expect(Object.keys(createLog(undefined, logger, undefined))).toEqual([]);
    expect(Object.keys(createLog(undefined, logger, 'loud'))).toEqual([]);
    expect(lines).toEqual([
      "warn course-service: COURSE_SERVICE_LOG='loud' is none of off, error, warn, info, debug; not logging.",
    ]);
  });

  it('refuses a logLevel that is no level with a TypeError naming the levels, rather than logging nothing', () => {
    const verbose = 'verbose' as LogLevel;
    expect(() => createCourseClient({ baseUrl: stub.url, apiKey: 'k', logLevel: verbose })).toThrow(
      new TypeError("logLevel 'verbose' is none of off, error, warn, info, debug."),
    );
  });

  it('redacts Cookie and Proxy-Authorization in the log as it does the API key', async () => {
    const { lines, logger } = capture();
    const client = createCourseClient({
      baseUrl: stub.url,
      apiKey: 'k-secret',
      logLevel: 'debug',
      logger,
      headers: { Cookie: 'session=cookie-secret', 'Proxy-Authorization': 'Basic proxy-secret' },
    });
    await client.courses.listPage();
    const attempt = lines.find((line) => line.includes('attempt 1: GET'));
    expect(attempt).toContain('"cookie":"[redacted]"');
    expect(attempt).toContain('"proxy-authorization":"[redacted]"');
    expect(lines.join('\n')).not.toMatch(/secret/);
  });

  it('reads COURSE_SERVICE_LOG safely: no process (browsers, edge runtimes), or an environment that refuses', () => {
    expect(environmentLogLevel({ process: { env: { COURSE_SERVICE_LOG: 'info' } } })).toBe('info');
    expect(environmentLogLevel({})).toBeUndefined();
    const denied = {
      process: {
        get env(): Record<string, string> {
          throw new Error('Requires env access');
        },
      },
    };
    expect(environmentLogLevel(denied)).toBeUndefined();
  });

  it('logs to a client made while COURSE_SERVICE_LOG is set', async () => {
    const { lines, logger } = capture();
    process.env.COURSE_SERVICE_LOG = 'debug';
    try {
      await createCourseClient({ baseUrl: stub.url, apiKey: 'k', logger }).courses.listPage();
    } finally {
      delete process.env.COURSE_SERVICE_LOG;
    }
    expect(lines.filter((line) => line.startsWith('debug'))).toHaveLength(4);
  });
});
