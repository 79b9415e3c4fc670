import { ProtocolError } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type McpTestServer,
  REVISIONS,
  startMcpTestServer,
  TEST_MASTER_KEY,
} from '../../test-support/server/mcp-test-server.ts';

let t: McpTestServer;
beforeAll(async () => {
  t = await startMcpTestServer({ RATE_LIMIT_MAX: '10000' });
});
afterAll(() => t.close());

const SPEC_URI = 'course-service://api/openapi.json';

async function createCourse(key: string, name: string): Promise<string> {
  const response = await t.rest('POST', '/api/v1/courses', key, { name, description: '' });
  expect(response.status).toBe(201);
  return response.body.id as string;
}

describe.each(REVISIONS)('resources at protocol $revision', ({ mode }) => {
  it('lists the API description and the caller’s courses a page at a time, and reads them', async () => {
    const key = await t.apiKey(`rita-${typeof mode === 'string' ? mode : 'pinned'}`);
    const ids: string[] = [];
    for (let i = 0; i < 52; i++) ids.push(await createCourse(key, `Course ${i}`));
    const client = await t.connect(key, mode);
    // Without a cursor the client walks every page (50 courses a page) and aggregates them.
    const all = await client.listResources();
    expect(all.resources[0]).toMatchObject({ uri: SPEC_URI, mimeType: 'application/json' });
    expect(
      all.resources
        .slice(1)
        .map((resource) => resource.uri)
        .sort(),
    ).toEqual(ids.map((id) => `course://${id}`).sort());
    // A page's cursor is the REST API's: the page after the first 50 holds the 2 oldest courses.
    const restPage = await t.rest('GET', '/api/v1/courses?limit=50', key);
    const second = await client.listResources({ cursor: restPage.body.nextCursor as string });
    expect(second.resources.map((resource) => resource.uri)).toEqual([
      `course://${ids[1]}`,
      `course://${ids[0]}`,
    ]);
    expect(second.nextCursor).toBeUndefined();

    const spec = await client.readResource({ uri: SPEC_URI });
    expect(JSON.parse((spec.contents[0] as { text: string }).text)).toMatchObject({ openapi: '3.1.0' });
    const course = await client.readResource({ uri: `course://${ids[0]}` });
    const rest = await t.rest('GET', `/api/v1/courses/${ids[0]}`, key);
    expect(JSON.parse((course.contents[0] as { text: string }).text)).toEqual(rest.body);

    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates).toEqual([expect.objectContaining({ uriTemplate: 'course://{courseId}' })]);
  });

  it('reads with the REST API’s rules: another owner’s or the sandbox’s course is not found', async () => {
    const owner = `sam-${typeof mode === 'string' ? mode : 'pinned'}`;
    const prod = await t.apiKey(owner);
    const testKeyResponse = await t.rest(
      'POST',
      '/api/v1/api-keys',
      (await t.rest('POST', '/dev/token', undefined, { sub: owner })).body.idToken,
      { name: 'sandbox', environment: 'test' },
    );
    const sandboxCourse = await createCourse(testKeyResponse.body.key, 'Sandbox only');
    const strangersCourse = await createCourse(await t.apiKey(`stranger-${owner}`), 'Not yours');
    const client = await t.connect(prod, mode);
    for (const uri of [
      `course://${sandboxCourse}`,
      `course://${strangersCourse}`,
      'course://nonsense',
      'test://nothing',
    ]) {
      const error = await client.readResource({ uri }).catch((caught: unknown) => caught);
      expect(error, uri).toBeInstanceOf(ProtocolError);
      expect((error as ProtocolError).code).toBe(-32602);
      expect((error as ProtocolError).data).toMatchObject({ uri });
    }
    // A key without courses:read sees the description only, and is refused a course.
    const writeOnly = await t.connect(await t.apiKey(owner, ['courses:write']), mode);
    expect((await writeOnly.listResources()).resources.map((r) => r.uri)).toEqual([SPEC_URI]);
    await expect(writeOnly.readResource({ uri: `course://${sandboxCourse}` })).rejects.toThrow(
      /insufficient_scope/,
    );
    // The master key has no owner: its resources are the description; courses go through tools.
    const master = await t.connect(TEST_MASTER_KEY, mode);
    expect((await master.listResources()).resources.map((r) => r.uri)).toEqual([SPEC_URI]);
    await expect(master.readResource({ uri: `course://${strangersCourse}` })).rejects.toThrow(/get_course/);
  });
});

describe('the client’s tool choice', () => {
  async function toolNames(path: string, headers: Record<string, string> = {}) {
    const client = await t.connect(TEST_MASTER_KEY, 'legacy', { path, headers });
    const { tools } = await client.listTools();
    return { client, names: tools.map((tool) => tool.name) };
  }

  it('keeps read-only tools with ?readonly=1 or X-MCP-Readonly, and named ones with ?tools= or X-MCP-Tools', async () => {
    expect((await toolNames('/mcp?readonly=1')).names).toEqual([
      'list_courses',
      'get_course',
      'list_api_keys',
      'list_api_key_events',
      'get_api_key_usage',
      'list_events',
      'get_event',
      'list_webhook_endpoints',
      'get_webhook_endpoint',
      'list_webhook_deliveries',
    ]);
    expect((await toolNames('/mcp', { 'x-mcp-readonly': 'true' })).names).toEqual([
      'list_courses',
      'get_course',
      'list_api_keys',
      'list_api_key_events',
      'get_api_key_usage',
      'list_events',
      'get_event',
      'list_webhook_endpoints',
      'get_webhook_endpoint',
      'list_webhook_deliveries',
    ]);
    expect((await toolNames('/mcp?tools=listCourses,get_course')).names).toEqual([
      'list_courses',
      'get_course',
    ]);
    expect((await toolNames('/mcp', { 'x-mcp-tools': 'create_course' })).names).toEqual(['create_course']);
    expect((await toolNames('/mcp?readonly=1&tools=list_courses,create_course')).names).toEqual([
      'list_courses',
    ]);
  });

  it('refuses a call of a tool the choice left out, and an unknown name in the filter', async () => {
    const { client } = await toolNames('/mcp?readonly=1');
    await expect(
      client.callTool({ name: 'create_course', arguments: { owner: 'x', name: 'x', description: '' } }),
    ).rejects.toThrow(/Unknown tool: create_course/);
    const response = await t.rpc(
      TEST_MASTER_KEY,
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      '/mcp?tools=list_courses,drop_tables',
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: -32602, message: expect.stringMatching(/drop_tables/) },
    });
    const badFlag = await t.rpc(
      TEST_MASTER_KEY,
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      '/mcp?readonly=maybe',
    );
    expect(badFlag.status).toBe(400);
    const empty = await t.rpc(
      TEST_MASTER_KEY,
      { jsonrpc: '2.0', id: 3, method: 'tools/list' },
      '/mcp?tools=',
    );
    expect(await empty.json()).toMatchObject({
      error: { message: expect.stringMatching(/at least one tool/) },
    });
  });
});
