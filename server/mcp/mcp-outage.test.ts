import { ProtocolError } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type McpTestServer, startMcpTestServer } from '../../test-support/server/mcp-test-server.ts';
import { startTcpProxy, type TcpProxy } from '../../test-support/server/tcp-proxy.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/services/test-backend.ts';

// PostgreSQL cut off while an MCP client works: an outage is the server's, never the client's
// mistake, and says when to try again, whether a tool or a resource read met it.

let database: TestDatabase;
let proxy: TcpProxy;
let t: McpTestServer;
let idToken: string;
let courseId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  const at = new URL(database.url);
  proxy = await startTcpProxy(at.hostname, Number(at.port || 5432));
  t = await startMcpTestServer({ DATABASE_URL: proxy.through(database.url), DATABASE_POOL_SIZE: '2' });
  idToken = (await t.rest('POST', '/dev/token', undefined, { sub: 'olga' })).body.idToken as string;
  const key = await t.apiKey('olga');
  courseId = (await t.rest('POST', '/api/v1/courses', key, { name: 'Outage', description: '' })).body
    .id as string;
});
afterAll(async () => {
  await t?.close();
  await proxy?.close();
  await database?.drop();
});

describe('an MCP client during a database outage', () => {
  it('gets an internal error naming the outage and when to retry from a resource read, then the course again', async () => {
    // A signed-in user: the ID token is verified without the database, so the read itself meets the outage.
    const client = await t.connect(idToken);
    expect((await client.readResource({ uri: `course://${courseId}` })).contents).toHaveLength(1);
    proxy.cut('reset');
    const error = await client
      .readResource({ uri: `course://${courseId}` })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProtocolError);
    expect({ code: (error as ProtocolError).code, data: (error as ProtocolError).data }).toEqual({
      code: -32603,
      data: { code: 'service_unavailable', retryAfterSeconds: 2 },
    });
    const tool = await client.callTool({ name: 'get_course', arguments: { courseId } });
    expect(tool.isError).toBe(true);
    expect(tool.structuredContent).toMatchObject({ code: 'service_unavailable', status: 503 });
    proxy.restore();
    let read: unknown;
    for (let attempt = 0; attempt < 50 && !read; attempt++) {
      read = await client.readResource({ uri: `course://${courseId}` }).catch(() => undefined);
      if (!read) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(read).toMatchObject({ contents: [{ uri: `course://${courseId}` }] });
  });
});
