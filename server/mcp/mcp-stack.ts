import type { OpenApiDocument } from '@course-service/runtime';
import { toolSets } from './admin-tools.ts';
import { createMcpEndpoint } from './mcp-endpoint.ts';
import { authInfoFor, createServerFactory } from './mcp-server.ts';
import { buildToolCatalogue } from './tool-catalogue.ts';
import { toolChoiceOf } from './tool-choice.ts';
import { type CallScope, createToolRunner } from './tool-runner.ts';

/** Answers one authenticated, rate-limited MCP request. */
export type McpStack = (request: Request, scope: CallScope) => Promise<Response>;

/**
 * Everything behind the MCP endpoint's checks: the tool catalogue derived from the spec, the tool
 * runner over the core's operations, and the SDK's server for both protocol revisions. Loaded on
 * the first MCP request, so the MCP SDK costs a server without MCP clients no start-up time. A
 * tool filter the client got wrong (`?tools=`, `X-MCP-Tools`) is a 400 with a JSON-RPC error.
 */
export function createMcpStack(options: { document: OpenApiDocument; bodyLimitBytes: number }): McpStack {
  const { document } = options;
  const catalogue = buildToolCatalogue(document);
  const sets = toolSets(catalogue);
  const known = new Set(catalogue.map((tool) => tool.name));
  const allScopes = (document.components.schemas as { Scope: { enum: string[] } }).Scope.enum;
  const runner = createToolRunner({ allScopes });
  const factory = createServerFactory({ sets, runner, document });
  const endpoint = createMcpEndpoint(factory, { maxRequestBodySize: options.bodyLimitBytes });
  return (request, scope) => {
    let choice: ReturnType<typeof toolChoiceOf>;
    try {
      choice = toolChoiceOf(request, known);
    } catch (error) {
      const message = (error as Error).message;
      return Promise.resolve(
        Response.json({ jsonrpc: '2.0', error: { code: -32602, message }, id: null }, { status: 400 }),
      );
    }
    return endpoint.fetch(request, { authInfo: authInfoFor(scope, choice) });
  };
}
