import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer } from '../../test-support/server/harness.ts';
import { startTcpProxy, type TcpProxy } from '../../test-support/server/tcp-proxy.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/services/test-backend.ts';

// A server asked to stop while PostgreSQL is away still stops: what it would write last (the keys'
// last-used times) is logged as lost, and its rate limits and pool still close.

let database: TestDatabase;
let proxy: TcpProxy;
beforeAll(async () => {
  database = await createTestDatabase();
  const at = new URL(database.url);
  proxy = await startTcpProxy(at.hostname, Number(at.port || 5432));
});
afterAll(async () => {
  await proxy?.close();
  await database?.drop();
});

it('stops while PostgreSQL is cut off, saying what it could not write', async () => {
  const server = await startTestServer({ DATABASE_URL: proxy.through(database.url) });
  const key = await server.apiKey('quinn');
  // Using the key leaves its last-used time to be written at the next flush, or at shutdown.
  expect((await server.call('GET', '/api/v1/courses', { bearer: key })).status).toBe(200);
  proxy.cut('reset');
  await expect(server.close()).resolves.toBeUndefined();
  expect(
    server.logs.filter((line) => line.includes('key last-used times not written at shutdown')),
  ).toHaveLength(1);
});
