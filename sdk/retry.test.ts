import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleCourse as course, problem, sendJson, startHttpServer } from '../test-support/sdk/servers.ts';
import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  ConflictError,
  createCourseClient,
  InternalServerError,
} from './index.ts';
import { serverDelay } from './retry-decision.ts';

let stub: Awaited<ReturnType<typeof startHttpServer>> | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

/** A server that fails with `status` for the first `failures` requests, then answers `course`. */
async function failing(status: number, failures: number, headers: Record<string, string> = {}) {
  stub = await startHttpServer((_req, res, n) =>
    n <= failures
      ? sendJson(res, status, problem(status, 'internal_error'), headers)
      : sendJson(res, 200, course),
  );
  return stub;
}

describe('retries', () => {
  it('retries a GET after a 503 and returns the later success', async () => {
    const server = await failing(503, 1, { 'Retry-After': '0' });
    const client = createCourseClient({ baseUrl: server.url, apiKey: 'k' });
    expect(await client.courses.get(course.id)).toEqual(course);
    expect(server.seen).toHaveLength(2);
  });

  it('gives up after maxRetries and throws the last error', async () => {
    const server = await failing(500, 99, { 'Retry-After': '0' });
    const client = createCourseClient({ baseUrl: server.url, apiKey: 'k', maxRetries: 2 });
    await expect(client.courses.get(course.id)).rejects.toBeInstanceOf(InternalServerError);
    expect(server.seen).toHaveLength(3);
  });

  it('retries a create with the same generated Idempotency-Key', async () => {
    const server = await failing(503, 1, { 'Retry-After': '0' });
    const client = createCourseClient({ baseUrl: server.url, apiKey: 'k' });
    await client.courses.create({ name: 'Databases', description: '' });
    const [first, second] = server.seen;
    expect(first?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
    expect(second?.body).toBe(first?.body);
  });

  it('never retries a POST without an Idempotency-Key', async () => {
    const server = await failing(503, 1, { 'Retry-After': '0' });
    const client = createCourseClient({ baseUrl: server.url, apiKey: 'k' });
    await expect(client.courses.publish(course.id)).rejects.toBeInstanceOf(InternalServerError);
    expect(server.seen).toHaveLength(1);
  });

  it('retries a 409 only for requests carrying an Idempotency-Key', async () => {
    const server = await failing(409, 2, { 'Retry-After': '0' });
    const client = createCourseClient({ baseUrl: server.url, apiKey: 'k' });
    await expect(client.courses.update(course.id, { name: 'x' })).rejects.toBeInstanceOf(ConflictError);
    expect(server.seen).toHaveLength(1);
    await client.courses.create({ name: 'x', description: '' });
    expect(server.seen).toHaveLength(3);
  });

  it('never retries a 409 without Retry-After: a state conflict, even for a request with an Idempotency-Key', async () => {
    const server = await failing(409, 2);
    const client = createCourseClient({ baseUrl: server.url, idToken: 'token' });
    await expect(client.apiKeys.roll('key_0000000000000000')).rejects.toBeInstanceOf(ConflictError);
    expect(server.seen).toHaveLength(1);
    expect(server.seen[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('counts an Idempotency-Key added by a hook, and repeats the first attempt’s key on every retry', async () => {
    const server = await failing(503, 2, { 'Retry-After': '0' });
    const minted: string[] = [];
    const client = createCourseClient({
      baseUrl: server.url,
      apiKey: 'k',
      onRequest: (request) => {
        const key = crypto.randomUUID();
        minted.push(key);
        request.headers.set('Idempotency-Key', key);
      },
    });
    expect(await client.courses.publish(course.id)).toEqual(course);
    expect(server.seen.map((r) => r.headers['idempotency-key'])).toEqual([minted[0], minted[0], minted[0]]);
  });

  it('retries refused connections, then throws APIConnectionError', async () => {
    const server = await startHttpServer(() => undefined);
    await server.close();
    let attempts = 0;
    const client = createCourseClient({
      baseUrl: server.url,
      apiKey: 'k',
      maxRetries: 1,
      fetch: (input, init) => {
        attempts++;
        return fetch(input, init);
      },
    });
    const error = await client.courses.get(course.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).not.toBeInstanceOf(APITimeoutError);
    expect(attempts).toBe(2);
    // The reason a person can act on, not undici's 'fetch failed'.
    const { port } = new URL(server.url);
    expect((error as Error).message).toBe(`Connection error: ECONNREFUSED 127.0.0.1:${port}`);
  });
});

describe('what the server says about retrying', () => {
  it('waits retry-after-ms rather than Retry-After', async () => {
    const server = await failing(503, 1, { 'Retry-After': '30', 'retry-after-ms': '50' });
    const sentAt: number[] = [];
    const client = createCourseClient({
      baseUrl: server.url,
      apiKey: 'k',
      fetch: (input, init) => {
        sentAt.push(Date.now());
        return fetch(input, init);
      },
    });
    expect(await client.courses.get(course.id)).toEqual(course);
    const [first = 0, second = 0] = sentAt;
    // Timers may fire a millisecond early; Retry-After would have waited 30 s.
    expect(second - first).toBeGreaterThanOrEqual(49);
    expect(second - first).toBeLessThan(30_000);
  });

  /** How a call ends against a server failing `failures` times, and how many requests it took. */
  async function outcome(
    call: 'get' | 'publish',
    status: number,
    failures: number,
    headers: Record<string, string>,
  ) {
    const server = await failing(status, failures, { 'Retry-After': '0', ...headers });
    const client = createCourseClient({ baseUrl: server.url, apiKey: 'k' });
    const ended = await client.courses[call](course.id).then(
      () => 'ok',
      (error: unknown) => (error as Error).name,
    );
    return [ended, server.seen.length];
  }

  it('passes on an answer whose retry-after-ms is over the limit, and ignores one that is not a number', async () => {
    expect(await outcome('get', 429, 99, { 'retry-after-ms': '120000' })).toEqual(['RateLimitError', 1]);
    expect(await outcome('get', 503, 1, { 'retry-after-ms': 'soon' })).toEqual(['ok', 2]);
  });

  it('reads Retry-After as whole seconds or an HTTP-date, and nothing else as a date', () => {
    const delay = (headers: Record<string, string>) => serverDelay(new Headers(headers));
    const soon = new Date(Date.now() + 60_000);
    const imf = soon.toUTCString();
    const [day, date, month, year, time] = imf.split(' ');
    const rfc850 = `${new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(soon)}, ${date}-${month}-${year?.slice(2)} ${time} GMT`;
    const asctime = `${day?.slice(0, 3)} ${month} ${date?.padStart(2, ' ')} ${time} ${year}`;
    for (const value of [imf, rfc850, asctime]) {
      const wait = delay({ 'Retry-After': value });
      expect(wait?.header).toBe('Retry-After');
      expect(wait?.ms).toBeGreaterThan(58_000);
      expect(wait?.ms).toBeLessThanOrEqual(60_000);
    }
    expect(delay({ 'Retry-After': '2' })).toEqual({ ms: 2000, header: 'Retry-After' });
    for (const value of ['-1', '1.5', '1e3', 'soon', '2 days', ''])
      expect(delay({ 'Retry-After': value })).toBeUndefined();
  });

  it('ignores a retry-after-ms that is not a wait, and takes a huge one as over every limit', () => {
    const delay = (value: string) =>
      serverDelay(new Headers({ 'retry-after-ms': value, 'Retry-After': '3' }));
    for (const value of ['-1', '-0.5', 'soon', '1e3', 'Infinity', 'NaN'])
      expect(delay(value)).toEqual({ ms: 3000, header: 'Retry-After' });
    expect(delay('1.5')).toEqual({ ms: 1.5, header: 'retry-after-ms' });
    expect(delay('9'.repeat(400))?.ms).toBeGreaterThan(60_000);
    expect(serverDelay(new Headers({ 'Retry-After': '9'.repeat(400) }))?.ms).toBeGreaterThan(60_000);
  });

  it('passes on an answer whose wait has 400 digits, and backs off after a Retry-After of -1', async () => {
    expect(await outcome('get', 429, 99, { 'retry-after-ms': '9'.repeat(400) })).toEqual([
      'RateLimitError',
      1,
    ]);
    expect(await outcome('get', 503, 1, { 'Retry-After': '-1' })).toEqual(['ok', 2]);
  });

  it('lets x-should-retry overrule the status: false stops a retry, true makes one', async () => {
    expect(await outcome('get', 503, 99, { 'x-should-retry': 'false' })).toEqual(['InternalServerError', 1]);
    expect(await outcome('get', 400, 1, { 'x-should-retry': 'true' })).toEqual(['ok', 2]);
    // Still never a POST without an Idempotency-Key.
    expect(await outcome('publish', 400, 1, { 'x-should-retry': 'true' })).toEqual(['BadRequestError', 1]);
  });
});

describe('timeouts and cancellation', () => {
  it('throws APITimeoutError when no response arrives in time, per attempt', async () => {
    stub = await startHttpServer((_req, res) => setTimeout(() => sendJson(res, 200, course), 2_000));
    // Long enough for each attempt to reach the stub on a loaded machine, short of its 2 s.
    const client = createCourseClient({ baseUrl: stub.url, apiKey: 'k', timeout: 500 });
    await expect(client.courses.get(course.id, { maxRetries: 1 })).rejects.toBeInstanceOf(APITimeoutError);
    expect(stub.seen).toHaveLength(2);
  });

  it('lets a per-request timeout override the client default', async () => {
    stub = await startHttpServer((_req, res) => setTimeout(() => sendJson(res, 200, course), 300));
    const client = createCourseClient({ baseUrl: stub.url, apiKey: 'k', timeout: 50, maxRetries: 0 });
    expect(await client.courses.get(course.id, { timeout: 5_000 })).toEqual(course);
    await expect(client.courses.get(course.id)).rejects.toBeInstanceOf(APITimeoutError);
  });

  it('stops at once, without retrying, when the caller aborts', async () => {
    const server = await failing(503, 99, { 'Retry-After': '30' });
    const client = createCourseClient({ baseUrl: server.url, apiKey: 'k' });
    const controller = new AbortController();
    const call = client.courses.get(course.id, { signal: controller.signal });
    // Abort while the client waits out Retry-After: the wait must end and nothing more be sent.
    await vi.waitFor(() => expect(server.seen).toHaveLength(1));
    setTimeout(() => controller.abort(new Error('user gave up')), 50);
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect((error as APIUserAbortError).cause).toEqual(new Error('user gave up'));
    expect(server.seen).toHaveLength(1);
  });
});
