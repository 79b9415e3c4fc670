import type { Answer, Protocol } from '@course-service/runtime';

type RpcId = string | number | null;

const rpcError = (id: RpcId, code: number, message: string, status: number) =>
  Response.json({ jsonrpc: '2.0', id, error: { code, message } }, { status });

/**
 * The MCP endpoint (`x-handled-by: mcp`) as the mocks' protocol: the mocks model the REST API, not
 * MCP, so after the pipeline's authentication and quota every request answers a well-formed
 * JSON-RPC error that says so. Malformed messages answer what the server's MCP SDK answers: `415`
 * unless JSON, `413` past the body limit, `-32700`, `-32600` (also for an `id` that is neither
 * string nor integer, or `params` that are not an object); notifications `202`.
 *
 * @example createCore({ …, protocols: { mcp: mcpProtocol(65_536) } })
 */
export function mcpProtocol(bodyLimit: number): Protocol {
  return {
    async answer(request) {
      const mediaType = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
      if (mediaType !== 'application/json') {
        return rpcError(null, -32000, 'Unsupported Media Type: Content-Type must be application/json', 415);
      }
      const text = await request.text();
      if (new TextEncoder().encode(text).length > bodyLimit) {
        return rpcError(
          null,
          -32000,
          `Payload Too Large: Request body must not exceed ${bodyLimit} bytes`,
          413,
        );
      }
      let message: unknown;
      try {
        message = JSON.parse(text);
      } catch {
        return rpcError(null, -32700, 'Parse error: Invalid JSON', 400);
      }
      const { jsonrpc, method, id, params } = (
        typeof message === 'object' && message !== null ? message : {}
      ) as Record<string, unknown>;
      const rpcId: RpcId = typeof id === 'string' || Number.isInteger(id) ? (id as string | number) : null;
      const badId = id !== undefined && typeof id !== 'string' && !Number.isInteger(id);
      const badParams =
        params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params));
      if (jsonrpc !== '2.0' || typeof method !== 'string' || badId || badParams) {
        return rpcError(rpcId, -32600, 'Invalid Request', 400);
      }
      if (id === undefined) return new Response(null, { status: 202 });
      const detail = `Method '${method}' is not available: the course-service mocks model the REST API, not MCP.`;
      return rpcError(rpcId, -32601, detail, 200);
    },
  };
}

/**
 * The mocks' refusal of a browser page at the MCP endpoint, before authentication: a call with an
 * `Origin` answers `403` with a JSON-RPC error, as a server with `MCP_ALLOWED_ORIGINS` unset
 * answers a page on another host. `undefined` for a call without one.
 *
 * @example const refused = mcpOriginRefusal(request.headers, requestId); // an answer, or undefined
 */
export function mcpOriginRefusal(headers: Headers, requestId: string): Answer | undefined {
  const origin = headers.get('origin');
  if (origin === null) return undefined;
  const message = `Origin '${origin}' is not allowed to call this MCP endpoint (see MCP_ALLOWED_ORIGINS).`;
  const body = JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message } });
  return { status: 403, headers: ['X-Request-Id', requestId, 'content-type', 'application/json'], body };
}
