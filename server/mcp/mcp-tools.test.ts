import type { CallToolResult, Client } from '@modelcontextprotocol/client';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type McpTestServer,
  REVISIONS,
  startMcpTestServer,
  TEST_MASTER_KEY,
} from '../../test-support/server/mcp-test-server.ts';

let t: McpTestServer;
beforeAll(async () => {
  t = await startMcpTestServer();
});
afterAll(() => t.close());

/** Calls tools and checks every success against the tool's advertised output schema. */
async function caller(client: Client) {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats.default(ajv);
  const { tools } = await client.listTools();
  const validators = new Map(tools.map((tool) => [tool.name, ajv.compile(tool.outputSchema ?? {})]));
  // biome-ignore lint/suspicious/noExplicitAny: structured content, checked against the output schema
  return async (name: string, args: Record<string, unknown>): Promise<any> => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    const validate = validators.get(name);
    expect(validate?.(result.structuredContent), JSON.stringify(validate?.errors)).toBe(true);
    expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(result.structuredContent) }]);
    return result.structuredContent;
  };
}

describe.each(REVISIONS)('every tool end to end at protocol $revision', ({ mode }) => {
  it('works for an API key, on its own courses', async () => {
    const call = await caller(await t.connect(await t.apiKey('carol'), mode));
    const created = await call('create_course', { name: 'Databases', description: 'SQL' });
    expect(created).toMatchObject({ name: 'Databases', status: 'draft' });
    const courseId = created.id as string;
    expect(await call('get_course', { courseId })).toEqual(created);
    expect(await call('update_course', { courseId, name: 'Databases I' })).toMatchObject({
      name: 'Databases I',
    });
    expect(await call('publish_course', { courseId })).toMatchObject({ status: 'published' });
    expect(await call('archive_course', { courseId })).toMatchObject({ status: 'archived' });
    expect(await call('restore_course', { courseId })).toMatchObject({ status: 'draft' });
    const page = await call('list_courses', { limit: 1, status: 'draft' });
    expect(page.data.map((course: { id: string }) => course.id)).toContain(courseId);
    expect(await call('delete_course', { courseId })).toEqual({ deleted: true, courseId });
    expect((await call('list_courses', {})).data).toEqual([]);
  });

  it('works for the master key, on the courses and keys of any owner', async () => {
    const call = await caller(await t.connect(TEST_MASTER_KEY, mode));
    const owner = `dave-${typeof mode === 'string' ? mode : 'pinned'}`;
    const created = await call('create_course', { owner, name: 'Networks', description: 'TCP/IP' });
    const courseId = created.id as string;
    expect(await call('get_course', { owner, courseId })).toEqual(created);
    expect(await call('update_course', { owner, courseId, description: 'Routing' })).toMatchObject({
      description: 'Routing',
    });
    expect(await call('publish_course', { owner, courseId })).toMatchObject({ status: 'published' });
    expect(await call('archive_course', { owner, courseId })).toMatchObject({ status: 'archived' });
    expect(await call('restore_course', { owner, courseId })).toMatchObject({ status: 'draft' });
    expect((await call('list_courses', { owner })).data).toHaveLength(1);
    expect(await call('delete_course', { owner, courseId })).toEqual({ deleted: true, courseId });

    const key = await call('create_api_key', { owner, name: 'Reporting', scopes: ['courses:read'] });
    expect(key).toMatchObject({ name: 'Reporting', scopes: ['courses:read'], status: 'active' });
    expect(key.key).toMatch(/^cms_prod_/);
    const keys = await call('list_api_keys', { owner });
    expect(keys.data.map((listed: { id: string }) => listed.id)).toEqual([key.id]);
    const rolled = await call('roll_api_key', { owner, keyId: key.id, oldKeyExpiresIn: 0 });
    expect(rolled).toMatchObject({ name: 'Reporting', rolledFrom: key.id, scopes: ['courses:read'] });
    expect(await call('revoke_api_key', { owner, keyId: rolled.id })).toMatchObject({
      id: rolled.id,
      status: 'revoked',
    });
    // The history says the master key did it, and in which MCP request.
    const history = (await call('list_api_key_events', { owner, keyId: rolled.id })).data;
    expect(history.map((event: { type: string }) => event.type)).toEqual(['revoked', 'rolled_from']);
    for (const event of history) {
      expect(event.actor).toEqual({ type: 'master', subject: null });
      expect(event.requestId).toEqual(expect.any(String));
    }
  });

  it('works for a signed-in user (an ID token), on their own courses and keys, without owner', async () => {
    const subject = `uma-${typeof mode === 'string' ? mode : 'pinned'}`;
    const idToken = (await t.rest('POST', '/dev/token', undefined, { sub: subject })).body.idToken as string;
    const call = await caller(await t.connect(idToken, mode));
    const created = await call('create_course', { name: 'Compilers', description: 'Parsing' });
    const courseId = created.id as string;
    expect(await call('get_course', { courseId })).toEqual(created);
    expect(await call('update_course', { courseId, name: 'Compilers I' })).toMatchObject({
      name: 'Compilers I',
    });
    expect(await call('publish_course', { courseId })).toMatchObject({ status: 'published' });
    expect(await call('archive_course', { courseId })).toMatchObject({ status: 'archived' });
    expect(await call('restore_course', { courseId })).toMatchObject({ status: 'draft' });
    expect((await call('list_courses', {})).data).toHaveLength(1);
    expect(await call('delete_course', { courseId })).toEqual({ deleted: true, courseId });
    const key = await call('create_api_key', { name: 'Mine', scopes: ['courses:read'] });
    expect((await call('list_api_keys', {})).data.map((listed: { id: string }) => listed.id)).toEqual([
      key.id,
    ]);
    expect(await call('revoke_api_key', { keyId: key.id })).toMatchObject({ id: key.id, status: 'revoked' });
    // The key is the subject's: key management over REST with the same subject lists it.
    const listed = await t.rest('GET', '/api/v1/api-keys', idToken);
    expect(listed.body.data.map((k: { id: string }) => k.id)).toEqual([key.id]);
  });

  it('answers domain errors as tool errors that say how to fix the call', async () => {
    const client = await t.connect(TEST_MASTER_KEY, mode);
    const owner = 'erin';
    const created = (await client.callTool({
      name: 'create_course',
      arguments: { owner, name: 'X', description: '' },
    })) as CallToolResult;
    const courseId = (created.structuredContent as { id: string }).id;
    const errorText = async (name: string, args: Record<string, unknown>) => {
      const result = (await client.callTool({ name, arguments: { owner, ...args } })) as CallToolResult;
      expect(result.isError).toBe(true);
      const text = (result.content[0] as { text: string }).text;
      expect(result.structuredContent).toMatchObject({ code: text.split(':')[0] });
      return text;
    };
    expect(await errorText('restore_course', { courseId })).toMatch(
      /^invalid_transition: .*publish_course, archive_course/,
    );
    expect(await errorText('get_course', { courseId: 'crs_0000000000000000' })).toMatch(
      /^not_found: .*list_courses/,
    );
    expect(await errorText('update_course', { courseId })).toMatch(/need at least one of: name, description/);
    expect(await errorText('create_course', { name: 'x'.repeat(201), description: '' })).toMatch(
      /^validation_failed: .*'name' must NOT have more than 200 characters/,
    );
    expect(await errorText('get_course', { courseId, extra: 1 })).toMatch(/'extra' is not a known field/);
    await client.callTool({ name: 'publish_course', arguments: { owner, courseId } });
    expect(await errorText('delete_course', { courseId })).toMatch(/^invalid_course_state: .*archive_course/);
  });
});
