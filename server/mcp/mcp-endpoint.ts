import {
  createMcpHandler,
  isLegacyRequest,
  type McpHandlerRequestOptions,
  type McpServerFactory,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';

/** The MCP endpoint as a web-standard handler. */
export interface McpEndpoint {
  fetch(request: Request, options: McpHandlerRequestOptions): Promise<Response>;
  close(): Promise<void>;
}

function methodNotAllowed(): Response {
  const body = {
    jsonrpc: '2.0',
    error: {
      code: -32000,
      message: 'Method not allowed: this endpoint is stateless; POST JSON-RPC messages.',
    },
    id: null,
  };
  return Response.json(body, { status: 405, headers: { Allow: 'POST' } });
}

/**
 * Serves both protocol revisions from one factory, statelessly, with JSON responses: 2026-07-28
 * through the SDK's `createMcpHandler` (response mode `json`), 2025-11-25 (and older 2025 revisions)
 * through a per-request streamable HTTP transport with JSON responses. The SDK's own stateless
 * legacy leg would answer over SSE, hence the routing with `isLegacyRequest` in front.
 */
export function createMcpEndpoint(
  factory: McpServerFactory,
  options: { maxRequestBodySize: number },
): McpEndpoint {
  const { maxRequestBodySize } = options;
  // Made on the first modern request: the SDK prints a notice about JSON responses when it is
  // made, which would otherwise reach stderr on every start, MCP client or not.
  let modern: ReturnType<typeof createMcpHandler> | undefined;
  const modernHandler = () => {
    modern ??= createMcpHandler(factory, { legacy: 'reject', responseMode: 'json', maxRequestBodySize });
    return modern;
  };

  async function legacy(request: Request, requestOptions: McpHandlerRequestOptions): Promise<Response> {
    if (request.method !== 'POST') return methodNotAllowed();
    const server = await factory({
      era: 'legacy',
      requestInfo: request,
      ...(requestOptions.authInfo && { authInfo: requestOptions.authInfo }),
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request, requestOptions);
    } finally {
      await transport.close();
      await server.close();
    }
  }

  return {
    async fetch(request, requestOptions) {
      const isLegacy = await isLegacyRequest(request, undefined, { maxRequestBodySize });
      return isLegacy ? legacy(request, requestOptions) : modernHandler().fetch(request, requestOptions);
    },
    close: async () => modern?.close(),
  };
}
