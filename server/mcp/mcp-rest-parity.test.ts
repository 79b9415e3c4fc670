import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type McpTestServer,
  startMcpTestServer,
  TEST_MASTER_KEY,
} from '../../test-support/server/mcp-test-server.ts';

let t: McpTestServer;
let key: string;
beforeAll(async () => {
  t = await startMcpTestServer();
  key = await t.apiKey('frank');
});
afterAll(() => t.close());

// biome-ignore lint/suspicious/noExplicitAny: structured content, checked by the assertions
const structured = (result: unknown) => (result as CallToolResult).structuredContent as Record<string, any>;

describe('MCP and REST share one service', () => {
  it('shows a course created through MCP over REST', async () => {
    const client = await t.connect(key);
    const created = structured(
      await client.callTool({ name: 'create_course', arguments: { name: 'From MCP', description: '' } }),
    );
    const response = await t.rest('GET', `/api/v1/courses/${created.id}`, key);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(created);
  });

  it('shows a course created over REST through MCP, to its owner and to the master key', async () => {
    const created = (await t.rest('POST', '/api/v1/courses', key, { name: 'From REST', description: 'x' }))
      .body;
    const own = await t.connect(key, { pin: '2026-07-28' });
    expect(
      structured(await own.callTool({ name: 'get_course', arguments: { courseId: created.id } })),
    ).toEqual(created);
    const master = await t.connect(TEST_MASTER_KEY);
    const page = structured(await master.callTool({ name: 'list_courses', arguments: { owner: 'frank' } }));
    expect(page.data.map((course: { id: string }) => course.id)).toContain(created.id);
  });

  it('shows a webhook endpoint created through MCP over REST, and the course change it receives in both', async () => {
    const client = await t.connect(key);
    const created = structured(
      await client.callTool({
        name: 'create_webhook_endpoint',
        arguments: { url: 'https://93.184.216.34/hook', eventTypes: ['course.created'] },
      }),
    );
    expect(created.secret).toMatch(/^whsec_/);
    const { secret: _secret, ...endpoint } = created;
    expect((await t.rest('GET', `/api/v1/webhook-endpoints/${created.id}`, key)).body).toEqual(endpoint);
    await t.rest('POST', '/api/v1/courses', key, { name: 'Hooked', description: '' });
    const rest = (await t.rest('GET', `/api/v1/webhook-endpoints/${created.id}/deliveries`, key)).body;
    const tool = structured(
      await client.callTool({ name: 'list_webhook_deliveries', arguments: { endpointId: created.id } }),
    );
    expect(tool.data.map((d: { id: string }) => d.id)).toEqual(rest.data.map((d: { id: string }) => d.id));
    const [delivery] = rest.data;
    const event = structured(
      await client.callTool({ name: 'get_event', arguments: { eventId: delivery.eventId } }),
    );
    expect(event).toEqual((await t.rest('GET', `/api/v1/events/${delivery.eventId}`, key)).body);
    expect(event.type).toBe('course.created');
  });

  it("keeps owners apart: another key does not find frank's course", async () => {
    const created = (await t.rest('POST', '/api/v1/courses', key, { name: 'Private', description: '' })).body;
    const other = await t.connect(await t.apiKey('grace'));
    const result = (await other.callTool({
      name: 'get_course',
      arguments: { courseId: created.id },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect((result.content[0] as { text: string }).text).toMatch(/^not_found:/);
  });

  it('revokes a key through the master key, after which REST refuses it', async () => {
    const doomed = await t.apiKey('heidi');
    expect((await t.rest('GET', '/api/v1/courses', doomed)).status).toBe(200);
    const master = await t.connect(TEST_MASTER_KEY);
    const keys = structured(await master.callTool({ name: 'list_api_keys', arguments: { owner: 'heidi' } }));
    await master.callTool({ name: 'revoke_api_key', arguments: { owner: 'heidi', keyId: keys.data[0].id } });
    const refused = await t.rest('GET', '/api/v1/courses', doomed);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('api_key_revoked');
  });
});
