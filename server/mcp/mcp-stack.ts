import type { OpenApiDocument } from '../../core/index.ts';
import { toolSets } from './admin-tools.ts';
import { createMcpEndpoint } from './mcp-endpoint.ts';
import { authInfoFor, createServerFactory } from './mcp-server.ts';
import { buildToolCatalogue } from './tool-catalogue.ts';
import { type CallScope, createToolRunner } from './tool-runner.ts';

/** Answers one authenticated, rate-limited MCP request. */
export type McpStack = (request: Request, scope: CallScope) => Promise<Response>;

/**
 * Everything behind the MCP endpoint's checks: the tool catalogue derived from the spec, the tool
 * runner over the core's operations, and the SDK's server for both protocol revisions. Loaded on
 * the first MCP request, so the MCP SDK costs a server without MCP clients no start-up time.
 */
export function createMcpStack(options: { document: OpenApiDocument; bodyLimitBytes: number }): McpStack {
  const { document } = options;
  const sets = toolSets(buildToolCatalogue(document));
  const allScopes = (document.components.schemas as { Scope: { enum: string[] } }).Scope.enum;
  const runner = createToolRunner({ allScopes });
  const factory = createServerFactory({ sets, runner, version: document.info.version });
  const endpoint = createMcpEndpoint(factory, { maxRequestBodySize: options.bodyLimitBytes });
  return (request, scope) => endpoint.fetch(request, { authInfo: authInfoFor(scope) });
}
