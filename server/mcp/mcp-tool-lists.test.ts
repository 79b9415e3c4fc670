import { openApiDocument } from '@course-service/runtime';
import type { Tool } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type McpTestServer,
  REVISIONS,
  startMcpTestServer,
  TEST_MASTER_KEY,
} from '../../test-support/server/mcp-test-server.ts';
import { dereference } from './json-schema.ts';

/** What an API key may call: courses, the events feed and webhooks, on its own account and environment. */
const API_KEY_TOOLS = [
  'archive_course',
  'create_course',
  'create_webhook_endpoint',
  'delete_course',
  'delete_webhook_endpoint',
  'get_course',
  'get_event',
  'get_webhook_endpoint',
  'list_courses',
  'list_events',
  'list_webhook_deliveries',
  'list_webhook_endpoints',
  'publish_course',
  'redeliver_webhook_delivery',
  'restore_course',
  'rotate_webhook_endpoint_secret',
  'send_test_webhook_event',
  'update_course',
  'update_webhook_endpoint',
];
const ADMIN_TOOLS = [
  'create_api_key',
  'get_api_key_usage',
  'list_api_key_events',
  'list_api_keys',
  'revoke_api_key',
  'roll_api_key',
];

let t: McpTestServer;
let fullKey: string;
let readOnlyKey: string;
beforeAll(async () => {
  t = await startMcpTestServer();
  fullKey = await t.apiKey('alice');
  readOnlyKey = await t.apiKey('alice', ['courses:read']);
});
afterAll(() => t.close());

async function toolsOf(bearer: string, mode: (typeof REVISIONS)[number]['mode']): Promise<Map<string, Tool>> {
  const client = await t.connect(bearer, mode);
  return new Map((await client.listTools()).tools.map((tool) => [tool.name, tool]));
}

describe.each(REVISIONS)('tool lists at protocol $revision', ({ revision, mode }) => {
  it('negotiates the revision', async () => {
    const client = await t.connect(fullKey, mode);
    expect(client.getNegotiatedProtocolVersion()).toBe(revision);
  });

  it('shows the master key every tool, each with a required owner', async () => {
    const tools = await toolsOf(TEST_MASTER_KEY, mode);
    expect([...tools.keys()].sort()).toEqual([...ADMIN_TOOLS, ...API_KEY_TOOLS].sort());
    for (const tool of tools.values()) {
      expect(tool.inputSchema.required).toContain('owner');
      expect(tool.inputSchema.properties).toHaveProperty('owner');
    }
  });

  it('shows a full-scope key the course, event and webhook tools only, acting on its own account (no owner)', async () => {
    const tools = await toolsOf(fullKey, mode);
    expect([...tools.keys()].sort()).toEqual(API_KEY_TOOLS);
    for (const tool of tools.values()) expect(tool.inputSchema.properties).not.toHaveProperty('owner');
  });

  it('shows a read-only key the read tools only', async () => {
    const tools = await toolsOf(readOnlyKey, mode);
    expect([...tools.keys()].sort()).toEqual(['get_course', 'list_courses']);
  });
});

describe('tool definitions', () => {
  it('derive input and output schemas from the spec', async () => {
    const document = openApiDocument;
    const schemas = document.components.schemas as Record<string, unknown>;
    const tools = await toolsOf(fullKey, 'legacy');
    const create = tools.get('create_course') as Tool;
    const courseCreate = dereference(document, schemas.CourseCreate) as {
      properties: object;
      required: string[];
    };
    expect(create.inputSchema.properties).toEqual(courseCreate.properties);
    expect(create.inputSchema.required).toEqual(courseCreate.required);
    expect(create.outputSchema).toEqual(dereference(document, schemas.Course));
    expect(tools.get('list_courses')?.outputSchema).toEqual(dereference(document, schemas.CourseList));
    expect(tools.get('get_course')?.inputSchema.properties?.courseId).toMatchObject({
      pattern: '^crs_[0-9A-Za-z]{16}$',
    });
    expect(JSON.stringify([...tools.values()])).not.toContain('$ref');
  });

  it('carry annotations that match what each operation does', async () => {
    const tools = await toolsOf(TEST_MASTER_KEY, 'legacy');
    const hints = (name: string) => {
      const { readOnlyHint, destructiveHint, idempotentHint } = tools.get(name)?.annotations ?? {};
      return { readOnlyHint, destructiveHint, idempotentHint };
    };
    for (const name of [
      'list_courses',
      'get_course',
      'list_api_keys',
      'list_api_key_events',
      'get_api_key_usage',
    ]) {
      expect(hints(name)).toEqual({ readOnlyHint: true, destructiveHint: false, idempotentHint: true });
    }
    for (const name of ['create_course', 'create_api_key', 'roll_api_key']) {
      expect(hints(name)).toEqual({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    }
    for (const name of ['publish_course', 'archive_course', 'restore_course']) {
      expect(hints(name)).toEqual({ readOnlyHint: false, destructiveHint: false, idempotentHint: true });
    }
    for (const name of ['delete_course', 'revoke_api_key', 'update_course']) {
      expect(hints(name)).toEqual({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    }
  });
});
