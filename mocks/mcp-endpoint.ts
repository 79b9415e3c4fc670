import { jsonResponse } from './responses.ts';

type RpcId = string | number | null;

const rpcError = (id: RpcId, code: number, message: string) => ({
  jsonrpc: '2.0',
  id,
  error: { code, message },
});

/**
 * The MCP endpoint (`x-handled-by: mcp`), after authentication and rate limiting: the mocks model
 * the REST API, not MCP, so every request answers a well-formed JSON-RPC error that says so (and
 * malformed messages answer what the server answers: `-32700`, `-32600`; notifications `202`; a
 * request from a browser page, with an `Origin`, `403`).
 *
 * @example const response = await mcpResponse(request, rateLimitHeaders, requestId);
 */
export async function mcpResponse(
  request: Request,
  headers: Record<string, string>,
  requestId: string,
): Promise<Response> {
  // No Origin is configured as allowed in the mocks, as on a server with MCP_ALLOWED_ORIGINS unset.
  const origin = request.headers.get('origin');
  if (origin !== null) {
    const refusal = `Origin '${origin}' is not allowed to call this MCP endpoint (see MCP_ALLOWED_ORIGINS).`;
    return jsonResponse(403, rpcError(null, -32000, refusal), headers, requestId);
  }
  let message: unknown;
  try {
    message = JSON.parse(await request.text());
  } catch {
    return jsonResponse(400, rpcError(null, -32700, 'Parse error: Invalid JSON'), headers, requestId);
  }
  const { jsonrpc, method, id } = (typeof message === 'object' && message !== null ? message : {}) as Record<
    string,
    unknown
  >;
  const rpcId: RpcId = typeof id === 'string' || Number.isInteger(id) ? (id as string | number) : null;
  if (jsonrpc !== '2.0' || typeof method !== 'string') {
    return jsonResponse(400, rpcError(rpcId, -32600, 'Invalid Request'), headers, requestId);
  }
  if (id === undefined) return jsonResponse(202, undefined, headers, requestId);
  const detail = `Method '${method}' is not available: the course-service mocks model the REST API, not MCP.`;
  return jsonResponse(200, rpcError(rpcId, -32601, detail), headers, requestId);
}
