import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server/harness.ts';

// Port 1 on loopback: nothing listens there, so Redis is "down" from the first moment.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_MAX: '3' });
});
afterAll(() => server.close());

describe('rate limits while Redis is unreachable', () => {
  it("keeps serving and limiting, on this instance's own memory (the insurance limiter)", async () => {
    const key = await server.apiKey('alice');
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await server.call('GET', '/api/v1/courses', { bearer: key })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('answers /healthz with 503, naming Redis and not where it is', async () => {
    const response = await server.call('GET', '/healthz');
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({
      status: 'unavailable',
      checks: { database: { status: 'up' }, redis: { status: 'down', detail: 'Redis does not answer.' } },
    });
    expect(JSON.stringify(response.body)).not.toContain('127.0.0.1');
  });
});
