import type { OpenApiDocument, Protocol } from '@course-service/runtime';
import type { Logger } from 'pino';
import type { McpStack } from './mcp-stack.ts';
import type { McpCaller } from './tool-runner.ts';

/**
 * The MCP endpoint (`POST /mcp`, Streamable HTTP, stateless, JSON responses, protocol revisions
 * 2026-07-28 and 2025-11-25) as the core's protocol for `x-handled-by: mcp`: it answers once the
 * core's pipeline has authenticated the master key, an API key or an ID token and taken one
 * request from the caller's course quota. Tool calls run the core's operations. Its browser
 * concerns (a foreign `Origin` or `Host`, CORS, the sign-in challenge) are `mcpBrowserGuard`'s, in
 * front of the service.
 *
 * @example createCore({ …, protocols: { mcp: mcpProtocol({ document, bodyLimitBytes, logger }) } })
 */
export function mcpProtocol(options: {
  document: OpenApiDocument;
  bodyLimitBytes: number;
  logger: Logger;
}): Protocol {
  let stack: Promise<McpStack> | undefined;
  const loadStack = () => {
    stack ??= import('./mcp-stack.ts').then(({ createMcpStack }) => createMcpStack(options));
    return stack;
  };
  return {
    async answer(request, context) {
      const handle = await loadStack();
      return handle(request, { ...context, caller: context.caller as McpCaller, log: options.logger });
    },
  };
}
