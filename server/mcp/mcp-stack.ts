import { toolSets } from './admin-tools.ts';
import { createMcpEndpoint } from './mcp-endpoint.ts';
import type { McpRouteDeps } from './mcp-routes.ts';
import { authInfoFor, createServerFactory } from './mcp-server.ts';
import { buildToolCatalogue } from './tool-catalogue.ts';
import { type CallScope, createToolRunner } from './tool-runner.ts';

/** Answers one authenticated, rate-limited MCP request. */
export type McpStack = (request: Request, scope: CallScope) => Promise<Response>;

/**
 * Everything behind the MCP endpoint's checks: the tool catalogue derived from the spec, the tool
 * runner over the REST operation handlers, and the SDK's server for both protocol revisions. Loaded
 * on the first MCP request, so the MCP SDK costs a server without MCP clients no start-up time.
 */
export function createMcpStack(deps: McpRouteDeps): McpStack {
  const { config, spec } = deps.operationDeps;
  const sets = toolSets(buildToolCatalogue(spec.document));
  const allScopes = (spec.document.components.schemas as { Scope: { enum: string[] } }).Scope.enum;
  const tools = [...sets.apiKey.values(), ...sets.master.values()];
  const runner = createToolRunner({ tools, handlers: deps.handlers, deps: deps.operationDeps, allScopes });
  const factory = createServerFactory({ sets, runner, version: spec.document.info.version });
  const endpoint = createMcpEndpoint(factory, { maxRequestBodySize: config.bodyLimitBytes });
  return (request, scope) => endpoint.fetch(request, { authInfo: authInfoFor(scope) });
}
