import { describe, expect, test } from 'vitest';
import { expectRawProblem } from '../assertions.ts';
import type { Contract } from '../contract.ts';
import { coverage } from '../coverage.ts';

/** The JSON-RPC request headers of MCP's Streamable HTTP transport. */
export const MCP_HEADERS = {
  Accept: 'application/json, text/event-stream',
  'MCP-Protocol-Version': '2025-11-25',
};

/** `POST /mcp`: a JSON-RPC answer, an accepted notification, a parse error, 401 and a refused Origin. */
export function mcpSuite(c: Contract): void {
  describe('mcp', () => {
    const post = async (json: unknown, extra: Record<string, string> = {}, body?: string) => {
      const { key } = await c.newKey();
      const headers = {
        ...MCP_HEADERS,
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/json',
        ...extra,
      };
      return c.call('/mcp', { method: 'POST', headers, ...(body === undefined ? { json } : { body }) });
    };

    const noTools = c.target.unsupported.mcpTools;
    if (noTools) coverage.limitation('MCP tools', noTools);
    test(
      noTools
        ? 'tools/list answers 200 with a JSON-RPC error'
        : 'tools/list answers 200 with the course tools',
      async () => {
        const reply = await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
        expect(reply.status).toBe(200);
        if (noTools) expect(reply.body.error.code).toBe(-32601);
        else
          expect(reply.body.result.tools.map((tool: { name: string }) => tool.name)).toContain(
            'list_courses',
          );
      },
    );

    test('a notification is accepted with 202', async () => {
      expect((await post({ jsonrpc: '2.0', method: 'notifications/initialized' })).status).toBe(202);
    });

    test('malformed JSON answers 400 with a JSON-RPC parse error', async () => {
      const reply = await post(undefined, {}, '{"jsonrpc":');
      expect(reply.status).toBe(400);
      expect(reply.body.error.code).toBe(-32700);
    });

    test('401 without a credential, 403 from a foreign Origin', async () => {
      const anonymous = await c.call('/mcp', {
        method: 'POST',
        headers: MCP_HEADERS,
        json: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      });
      expectRawProblem(anonymous, 401, 'authentication_required');
      const foreign = await post(
        { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        { Origin: 'https://evil.example' },
      );
      expect(foreign.status).toBe(403);
    });
  });
}
