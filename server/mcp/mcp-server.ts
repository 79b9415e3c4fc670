import {
  type AuthInfo,
  type McpServerFactory,
  ProtocolError,
  ProtocolErrorCode,
  Server,
  type Tool,
} from '@modelcontextprotocol/server';
import type { ToolSets } from './admin-tools.ts';
import type { ToolSpec } from './tool-catalogue.ts';
import type { CallScope, ToolRunner } from './tool-runner.ts';

const INSTRUCTIONS =
  'Manage courses: list, read, create, update, publish, archive, restore and delete them. ' +
  'Course ids look like crs_…; list_courses shows them. Archived courses are read-only until restored; ' +
  'only draft or archived courses can be deleted.';

/** Carries the authenticated {@link CallScope} through the SDK, which passes `authInfo` to the factory as is. */
export function authInfoFor(scope: CallScope): AuthInfo {
  const clientId = scope.caller.kind === 'master' ? 'master' : scope.caller.keyId;
  const scopes = scope.caller.kind === 'master' ? [] : [...scope.caller.scopes];
  return { token: clientId, clientId, scopes, extra: { scope } };
}

function wireTool(tool: ToolSpec): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema as Tool['inputSchema'],
    outputSchema: tool.outputSchema as Tool['outputSchema'],
    annotations: tool.annotations,
  };
}

/** The tools a caller is shown: everything for the master key; for a key, the course tools its scopes allow. */
function visibleTools(sets: ToolSets, scope: CallScope): ToolSpec[] {
  const { caller } = scope;
  if (caller.kind === 'master') return [...sets.master.values()];
  return [...sets.apiKey.values()].filter((tool) =>
    tool.requiredScopes.every((needed) => caller.scopes.includes(needed)),
  );
}

/**
 * The per-request server factory (stateless: one instance per HTTP request, both protocol eras).
 * `tools/call` resolves a name among all tools the credential kind may call, not only the listed
 * ones, so a key without a scope gets a tool error saying so; the runner re-checks permission.
 */
export function createServerFactory(options: {
  sets: ToolSets;
  runner: ToolRunner;
  version: string;
}): McpServerFactory {
  const { sets, runner, version } = options;
  const wire = new Map(
    [...sets.apiKey.values(), ...sets.master.values()].map((tool) => [tool, wireTool(tool)]),
  );
  return ({ authInfo }) => {
    const scope = authInfo?.extra?.scope as CallScope | undefined;
    if (!scope) throw new Error('MCP request without an authenticated caller');
    const server = new Server(
      { name: 'course-service', title: 'Course Management Service', version },
      { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
    );
    server.setRequestHandler('tools/list', () => ({
      tools: visibleTools(sets, scope).map((tool) => wire.get(tool) as Tool),
    }));
    server.setRequestHandler('tools/call', (request) => {
      const { name, arguments: args = {} } = request.params;
      const tool = (scope.caller.kind === 'master' ? sets.master : sets.apiKey).get(name);
      if (!tool) {
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          `Unknown tool: ${name}. Call tools/list for the tools you can use.`,
        );
      }
      return runner.run(tool, args, scope);
    });
    return server;
  };
}
