import type { Client } from '@modelcontextprotocol/client';
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

/** A client of `/mcp` at `path` (a tool filter in its query), with `bearer`. */
const clientAt = (path: string, bearer: string) => t.connect(bearer, 'legacy', { path });

/** The text of the review prompt's one message. */
async function reviewText(client: Client, args?: Record<string, string>): Promise<string> {
  const { messages } = await client.getPrompt({ name: 'review_courses', ...(args && { arguments: args }) });
  expect(messages).toHaveLength(1);
  const [message] = messages;
  if (message?.content.type !== 'text') throw new Error('expected one text message');
  return message.content.text;
}

describe.each(REVISIONS)('prompts at protocol $revision', ({ mode }) => {
  it('offers a full key the review, which names the listing and every change tool', async () => {
    const client = await t.connect(await t.apiKey('paula'), mode);
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toEqual(['review_courses']);
    expect(prompts[0]?.arguments ?? []).toEqual([]);
    const text = await reviewText(client);
    expect(text).toMatch(/^Call list_courses \(follow nextCursor/);
    expect(text).toContain(
      'Change nothing until I confirm; then use publish_course, archive_course, delete_course.',
    );
  });

  it('asks a read-only key for recommendations only, naming no tool it lacks', async () => {
    const client = await t.connect(await t.apiKey('paula', ['courses:read']), mode);
    const text = await reviewText(client);
    expect(text).toContain('recommend only');
    expect(text).not.toMatch(/publish_course|archive_course|delete_course/);
  });

  it('offers no prompt to a key that cannot list courses, and says why when asked for it', async () => {
    const client = await t.connect(await t.apiKey('paula', ['courses:write']), mode);
    expect((await client.listPrompts()).prompts).toEqual([]);
    await expect(client.getPrompt({ name: 'review_courses' })).rejects.toThrow(
      /needs the list_courses tool, which this session does not show/,
    );
  });
});

describe('prompts follow the session', () => {
  it('leave out the review when the tool filter drops list_courses, and name only the chosen change tools', async () => {
    const key = await t.apiKey('quentin');
    const withoutList = await clientAt('/mcp?tools=create_course,get_course', key);
    expect((await withoutList.listPrompts()).prompts).toEqual([]);
    const someChanges = await clientAt('/mcp?tools=list_courses,archive_course', key);
    const text = await reviewText(someChanges);
    expect(text).toContain('then use archive_course.');
    expect(text).not.toMatch(/publish_course|delete_course/);
    const readOnly = await clientAt('/mcp?readonly=1', key);
    expect(await reviewText(readOnly)).toContain('recommend only');
  });

  it("take the master key's owner as an argument and pass it to every tool they name", async () => {
    const master = await t.connect(TEST_MASTER_KEY);
    const { prompts } = await master.listPrompts();
    expect(prompts[0]?.arguments).toEqual([expect.objectContaining({ name: 'owner', required: true })]);
    await expect(master.getPrompt({ name: 'review_courses' })).rejects.toThrow(/needs the argument 'owner'/);
    await expect(
      master.getPrompt({ name: 'review_courses', arguments: { owner: 'o'.repeat(256) } }),
    ).rejects.toThrow(/at most 255 characters/);
    const text = await reviewText(master, { owner: 'rosa' });
    expect(text).toMatch(/^Call list_courses with owner "rosa" \(follow nextCursor/);
    expect(text).toContain('then use publish_course, archive_course, delete_course with the same owner.');
  });

  it('refuse an unknown prompt as an invalid parameter', async () => {
    const response = await t.rpc(TEST_MASTER_KEY, {
      jsonrpc: '2.0',
      id: 1,
      method: 'prompts/get',
      params: { name: 'drop_everything' },
    });
    expect(await response.json()).toMatchObject({
      error: { code: -32602, message: expect.stringMatching(/Unknown prompt: drop_everything/) },
    });
  });
});
