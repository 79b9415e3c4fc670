import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type McpTestServer,
  startMcpTestServer,
  TEST_MASTER_KEY,
} from '../../test-support/server/mcp-test-server.ts';

let t: McpTestServer;
let prodKey: string;
let testKey: string;
beforeAll(async () => {
  t = await startMcpTestServer();
  prodKey = await t.apiKey('ivan');
  const idToken = (await t.rest('POST', '/dev/token', undefined, { sub: 'ivan' })).body.idToken as string;
  testKey = (await t.rest('POST', '/api/v1/api-keys', idToken, { name: 'sandbox', environment: 'test' })).body
    .key as string;
});
afterAll(() => t.close());

// biome-ignore lint/suspicious/noExplicitAny: structured content, checked by the assertions
const structured = (result: unknown) => (result as CallToolResult).structuredContent as Record<string, any>;
const ids = (page: Record<string, unknown>) =>
  (page.data as Array<{ id: string }>).map((course) => course.id);

describe('MCP tools and environments', () => {
  it("act in the key's environment: a test key's tools see and change only its sandbox", async () => {
    const sandbox = await t.connect(testKey);
    const created = structured(
      await sandbox.callTool({ name: 'create_course', arguments: { name: 'Via MCP', description: '' } }),
    );
    expect(created.environment).toBe('test');
    const real = (await t.rest('POST', '/api/v1/courses', prodKey, { name: 'Real', description: '' })).body;

    expect(ids(structured(await sandbox.callTool({ name: 'list_courses', arguments: {} })))).toEqual([
      created.id,
    ]);
    const crossing = (await sandbox.callTool({
      name: 'archive_course',
      arguments: { courseId: real.id },
    })) as CallToolResult;
    expect(crossing.isError).toBe(true);
    expect((crossing.content[0] as { text: string }).text).toMatch(/^not_found:/);
    expect((await t.rest('GET', `/api/v1/courses/${real.id}`, prodKey)).body.status).toBe('draft');
  });

  it('keep the master key on production, and say so in its tool descriptions', async () => {
    const master = await t.connect(TEST_MASTER_KEY);
    const { tools } = await master.listTools();
    const listCourses = tools.find((tool) => tool.name === 'list_courses');
    expect(listCourses?.description).toContain('production courses (never the test sandbox)');
    expect(tools.map((tool) => tool.name)).not.toContain('reset_test_data');
    const page = structured(await master.callTool({ name: 'list_courses', arguments: { owner: 'ivan' } }));
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.data.every((course: { environment: string }) => course.environment === 'prod')).toBe(true);
  });

  it('answer with the Course-Environment header and the quota of the environment', async () => {
    const response = await fetch(t.mcpUrl, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${testKey}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(response.headers.get('course-environment')).toBe('test');
    expect(response.headers.get('ratelimit-policy')).toMatch(/^"courses-test";/);
  });
});
