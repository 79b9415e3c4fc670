import type { OpenApiDocument } from '@course-service/runtime';
import {
  type AuthInfo,
  type McpServerFactory,
  ProtocolError,
  ProtocolErrorCode,
  Server,
  type Tool,
} from '@modelcontextprotocol/server';
import type { ToolSets } from './admin-tools.ts';
import { getPrompt, listPrompts } from './prompts.ts';
import { listResources, readResource, resourceTemplates } from './resources.ts';
import type { ToolSpec } from './tool-catalogue.ts';
import type { ToolChoice } from './tool-choice.ts';
import type { CallScope, ToolRunner } from './tool-runner.ts';

const INSTRUCTIONS =
  'Manage courses: list, read, create, update, publish, archive, restore and delete them. ' +
  'Course ids look like crs_…; list_courses shows them, and each course is also the resource course://{courseId}. ' +
  'Archived courses are read-only until restored; only draft or archived courses can be deleted.';

/** What a request carries through the SDK, which passes `authInfo` to the factory as is. */
interface RequestState {
  scope: CallScope;
  choice: ToolChoice;
}

/** Carries the authenticated {@link CallScope} and the client's tool choice through the SDK. */
export function authInfoFor(scope: CallScope, choice: ToolChoice): AuthInfo {
  const { caller } = scope;
  const clientId =
    caller.kind === 'master' ? 'master' : caller.kind === 'apiKey' ? caller.keyId : caller.ownerId;
  const scopes = caller.kind === 'apiKey' ? [...caller.scopes] : [];
  const state: RequestState = { scope, choice };
  return { token: clientId, clientId, scopes, extra: { state } };
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

/** The tools a credential may call, by name: all for the master key and users, a key's by kind. */
function callableTools(sets: ToolSets, scope: CallScope): Map<string, ToolSpec> {
  const { kind } = scope.caller;
  return kind === 'master' ? sets.master : kind === 'idToken' ? sets.user : sets.apiKey;
}

/** Whether the client's choice keeps a tool (`readonly`, `tools`). */
function chosen(tool: ToolSpec, choice: ToolChoice): boolean {
  if (choice.readOnly && tool.annotations.readOnlyHint !== true) return false;
  return choice.names === undefined || choice.names.has(tool.name);
}

/** The tools a caller is shown: those it may call that its scopes allow and its client chose. */
function visibleTools(sets: ToolSets, { scope, choice }: RequestState): ToolSpec[] {
  const { caller } = scope;
  return [...callableTools(sets, scope).values()]
    .filter(
      (tool) =>
        caller.kind !== 'apiKey' || tool.requiredScopes.every((needed) => caller.scopes.includes(needed)),
    )
    .filter((tool) => chosen(tool, choice));
}

// Lists depend on the credential (private); tools, templates and prompts change only with a release.
const CACHE_HINTS = {
  'tools/list': { ttlMs: 300_000, cacheScope: 'private' },
  'prompts/list': { ttlMs: 300_000, cacheScope: 'private' },
  'resources/templates/list': { ttlMs: 300_000, cacheScope: 'private' },
  'resources/list': { ttlMs: 0, cacheScope: 'private' },
  'resources/read': { ttlMs: 0, cacheScope: 'private' },
  'server/discover': { ttlMs: 300_000, cacheScope: 'private' },
} as const;

/**
 * The per-request server factory (stateless: one instance per HTTP request, both protocol eras):
 * tools, resources (the API description and each course), a prompt written for the session's
 * tools, and logging (no log messages are ever sent). `tools/call` resolves a name among all tools
 * the credential kind may call and the client chose, not only the listed ones, so a key without a
 * scope gets a tool error saying so; the runner re-checks permission.
 */
export function createServerFactory(options: {
  sets: ToolSets;
  runner: ToolRunner;
  document: OpenApiDocument;
}): McpServerFactory {
  const { sets, runner, document } = options;
  const wire = new Map(
    [...sets.apiKey.values(), ...sets.master.values()].map((tool) => [tool, wireTool(tool)]),
  );
  return ({ authInfo }) => {
    const state = authInfo?.extra?.state as RequestState | undefined;
    if (!state) throw new Error('MCP request without an authenticated caller');
    const { scope, choice } = state;
    const server = new Server(
      { name: 'course-service', title: 'Course Management Service', version: document.info.version },
      {
        capabilities: { tools: {}, resources: {}, prompts: {}, logging: {} },
        instructions: INSTRUCTIONS,
        cacheHints: CACHE_HINTS,
      },
    );
    server.setRequestHandler('tools/list', () => ({
      tools: visibleTools(sets, state).map((tool) => wire.get(tool) ?? wireTool(tool)),
    }));
    server.setRequestHandler('tools/call', (request) => {
      const { name, arguments: args = {} } = request.params;
      const tool = callableTools(sets, scope).get(name);
      if (!tool || !chosen(tool, choice)) {
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          `Unknown tool: ${name}. Call tools/list for the tools you can use.`,
        );
      }
      return runner.run(tool, args, scope);
    });
    server.setRequestHandler('resources/list', (request) => listResources(scope, request.params?.cursor));
    server.setRequestHandler('resources/templates/list', () => resourceTemplates());
    server.setRequestHandler('resources/read', (request) =>
      readResource(scope, request.params.uri, document),
    );
    // Prompts name tools: only those this session shows, with an owner where the tools need one.
    const prompts = () => ({
      tools: new Set(visibleTools(sets, state).map((tool) => tool.name)),
      namesOwner: scope.caller.kind === 'master',
    });
    server.setRequestHandler('prompts/list', () => listPrompts(prompts()));
    server.setRequestHandler('prompts/get', (request) =>
      getPrompt(prompts(), request.params.name, request.params.arguments),
    );
    return server;
  };
}
