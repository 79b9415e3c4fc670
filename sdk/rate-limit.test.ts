import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApiKey, startCourseServer } from '../test-support/sdk/servers.ts';
import { createCourseClient, parseRateLimit, RateLimitError } from './index.ts';

describe('parseRateLimit', () => {
  it('reads the policy and the remaining quota', () => {
    const headers = new Headers({
      'RateLimit-Policy': '"default";q=100;w=60',
      RateLimit: '"default";r=99;t=42',
    });
    expect(parseRateLimit(headers)).toEqual({
      policy: 'default',
      limit: 100,
      remaining: 99,
      resetSeconds: 42,
    });
  });

  it('is undefined when the headers are absent or malformed', () => {
    expect(parseRateLimit(new Headers())).toBeUndefined();
    expect(parseRateLimit(new Headers({ 'RateLimit-Policy': 'q=1', RateLimit: 'r=1' }))).toBeUndefined();
  });
});

describe('against the reference server with a quota of 2 per 2 s', () => {
  let server: Awaited<ReturnType<typeof startCourseServer>>;
  let apiKey: string;
  beforeAll(async () => {
    server = await startCourseServer({ RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW_SECONDS: '2' });
    apiKey = await newApiKey(server.url);
  });
  afterAll(() => server.close());

  it('retries a 429 after waiting at least Retry-After, then succeeds', async () => {
    const attempts: { status: number; retryAfter: string | null; at: number }[] = [];
    const client = createCourseClient({
      baseUrl: server.url,
      apiKey,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        attempts.push({
          status: response.status,
          retryAfter: response.headers.get('Retry-After'),
          at: Date.now(),
        });
        return response;
      },
    });
    await client.courses.listPage();
    await client.courses.listPage();
    const page = await client.courses.listPage();
    expect(page.data).toEqual([]);
    const statuses = attempts.map((a) => a.status);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 429]);
    expect(statuses.at(-1)).toBe(200);
    const limited = attempts[2];
    const next = attempts[3];
    expect(limited?.retryAfter).toMatch(/^\d+$/);
    // The next attempt was sent no earlier than Retry-After allowed (timers may fire 1 ms early).
    expect((next?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(
      Number(limited?.retryAfter) * 1000 - 5,
    );
  });

  it('exposes the quota on the client and per call', async () => {
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const client = createCourseClient({ baseUrl: server.url, apiKey });
    expect(client.lastRateLimit).toBeUndefined();
    const { rateLimit } = await client.courses.listPage().withResponse();
    expect(rateLimit).toMatchObject({ limit: 2, remaining: 1 });
    expect(client.lastRateLimit).toEqual(rateLimit);
  });

  it('throws RateLimitError with retryAfterSeconds when retries are off', async () => {
    const client = createCourseClient({ baseUrl: server.url, apiKey, maxRetries: 0 });
    const calls = [client.courses.listPage(), client.courses.listPage(), client.courses.listPage()];
    const outcomes = await Promise.allSettled(calls);
    const error: unknown = outcomes.find((o) => o.status === 'rejected')?.reason;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited' });
    expect((error as RateLimitError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
  });
});
