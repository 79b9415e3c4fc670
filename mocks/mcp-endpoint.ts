import { mediaTypeOf } from './read-json-body.ts';
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
 * malformed messages answer what the server answers: `415` unless JSON, `413` past the body limit, `-32700`, `-32600` (also for an `id` that is neither string nor integer, or `params` that are not an object); notifications `202`; a
 * request from a browser page, with an `Origin`, `403`).
 *
 * @example const response = await mcpResponse(request, rateLimitHeaders, requestId, 65_536);
 */
export async function mcpResponse(
  request: Request,
  headers: Record<string, string>,
  requestId: string,
  bodyLimit: number,
): Promise<Response> {
  // No Origin is configured as allowed in the mocks, as on a server with MCP_ALLOWED_ORIGINS unset.
  const origin = request.headers.get('origin');
  if (origin !== null) {
    const refusal = `Origin '${origin}' is not allowed to call this MCP endpoint (see MCP_ALLOWED_ORIGINS).`;
    return jsonResponse(403, rpcError(null, -32000, refusal), headers, requestId);
  }
  // As the MCP SDK behind the server: anything but JSON (no body included) is 415, found by fuzzing.
  if (mediaTypeOf(request.headers) !== 'application/json') {
    const detail = 'Unsupported Media Type: Content-Type must be application/json';
    return jsonResponse(415, rpcError(null, -32000, detail), headers, requestId);
  }
  const text = await request.text();
  if (new TextEncoder().encode(text).length > bodyLimit) {
    const detail = `Payload Too Large: Request body must not exceed ${bodyLimit} bytes`;
    return jsonResponse(413, rpcError(null, -32000, detail), headers, requestId);
  }
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return jsonResponse(400, rpcError(null, -32700, 'Parse error: Invalid JSON'), headers, requestId);
  }
  const { jsonrpc, method, id, params } = (
    typeof message === 'object' && message !== null ? message : {}
  ) as Record<string, unknown>;
  const rpcId: RpcId = typeof id === 'string' || Number.isInteger(id) ? (id as string | number) : null;
  const badId = id !== undefined && typeof id !== 'string' && !Number.isInteger(id);
  const badParams =
    params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params));
  if (jsonrpc !== '2.0' || typeof method !== 'string' || badId || badParams) {
    return jsonResponse(400, rpcError(rpcId, -32600, 'Invalid Request'), headers, requestId);
  }
  if (id === undefined) return jsonResponse(202, undefined, headers, requestId);
  const detail = `Method '${method}' is not available: the course-service mocks model the REST API, not MCP.`;
  return jsonResponse(200, rpcError(rpcId, -32601, detail), headers, requestId);
}
