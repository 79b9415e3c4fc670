import { describe, expect, test } from 'vitest';
import { expectRawProblem } from './assertions.ts';
import type { Contract } from './contract.ts';

/**
 * Answers the fuzzer (`npm run fuzz`) found undeclared and the spec now declares: an over-long
 * `If-None-Match` (400), an MCP request that is not JSON (415) or too large (413), and a body that is not UTF-8 (400).
 */
export function fuzzFindingsSuite(c: Contract): void {
  const mcp = async (contentType: string, body: string) => {
    const { key } = await c.newKey();
    return c.call('/mcp', {
      method: 'POST',
      headers: {
        Accept: 'application/json, text/event-stream',
        Authorization: `Bearer ${key}`,
        'Content-Type': contentType,
      },
      body,
    });
  };

  describe('fuzz findings', () => {
    test('getOpenApiDocument refuses an If-None-Match over 256 characters with 400', async () => {
      const reply = await c.call('/api/openapi', { headers: { 'If-None-Match': `"${'x'.repeat(300)}"` } });
      expectRawProblem(reply, 400, 'validation_failed');
    });

    test('mcp answers 415 with a JSON-RPC error to a body that is not JSON', async () => {
      const reply = await mcp('text/plain', '{"jsonrpc":"2.0","id":1,"method":"tools/list"}');
      expect(reply.status).toBe(415);
      expect(reply.body.error.code).toBe(-32000);
    });

    test('mcp answers 413 with a JSON-RPC error to a body past the limit', async () => {
      const pad = 'x'.repeat(70_000);
      const reply = await mcp(
        'application/json',
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { pad } }),
      );
      expect(reply.status).toBe(413);
      expect(reply.body.error.code).toBe(-32000);
    });

    test('createCourse refuses a body that is not UTF-8 as malformed JSON', async () => {
      const { key } = await c.newKey();
      const reply = await c.call('/api/v1/courses', {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: Uint8Array.of(
          ...new TextEncoder().encode('{"name":"'),
          0xff,
          ...new TextEncoder().encode('","description":""}'),
        ),
      });
      expectRawProblem(reply, 400, 'malformed_json');
    });
  });
}
