import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server/harness.ts';

// The local Redis has no such user: ioredis's HELLO with AUTH is refused, and the error it raises
// carries the command's arguments, the password among them.
const PASSWORD = 'S3cret-redis-passw0rd';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ REDIS_URL: `redis://someone:${PASSWORD}@127.0.0.1:6379` });
});
afterAll(() => server.close());

describe('a Redis that refuses the configured credentials', () => {
  it('is logged as unavailable without the password', async () => {
    const deadline = Date.now() + 5000;
    while (!server.logs.some((line) => line.includes('redis unavailable')) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const outage = server.logs.find((line) => line.includes('redis unavailable'));
    expect(outage).toBeDefined();
    expect(outage).toMatch(/WRONGPASS|NOAUTH|AUTH/);
    expect(server.logs.join('\n')).not.toContain(PASSWORD);
  });
});
