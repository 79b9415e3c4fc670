import { ApiError, type Caller, MASTER_KEY_ID, type ProtocolContext } from '@course-service/runtime';
import { type CallToolResult, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { Logger } from 'pino';
import type { ToolSpec } from './tool-catalogue.ts';
import { internalProtocolError, toolError } from './tool-errors.ts';

/**
 * The caller of an MCP request: the master key, an ordinary API key acting on its own account, or
 * a signed-in user (an ID token) acting on their own account with every tool.
 */
export type McpCaller = Extract<Caller, { kind: 'master' } | { kind: 'apiKey' } | { kind: 'idToken' }>;

/** The key id a signed-in user's course calls carry (they come with an ID token, not a key). */
const ID_TOKEN_KEY_ID = 'mcp-id-token';

/** What a tool call knows of the HTTP request it came in. */
export interface CallScope extends ProtocolContext {
  caller: McpCaller;
  log?: Logger | undefined;
}

/** Runs tool calls as calls of the spec's operations, through the core's pipeline. */
export interface ToolRunner {
  run(tool: ToolSpec, args: Record<string, unknown>, scope: CallScope): Promise<CallToolResult>;
}

type Obj = Record<string, unknown>;

/** An `owner` argument as identity providers shape subjects; a problem naming it otherwise. */
function ownerOf(args: Obj): string {
  const { owner } = args;
  if (typeof owner === 'string' && /\S/.test(owner) && owner.length <= 255) return owner;
  throw new ApiError('validation_failed', 'The request has 1 invalid field.', {
    extensions: {
      errors: [
        {
          location: 'body',
          pointer: '/owner',
          detail: 'must be a non-empty string of at most 255 characters',
        },
      ],
    },
  });
}

/**
 * Who the operation acts for. The master key acts for `owner` with the authority the REST API
 * asks of that owner: a full-scope production key for course operations (the master key never
 * reaches a sandbox), the owner's ID token for key management.
 */
function actingCaller(tool: ToolSpec, caller: McpCaller, args: Obj, allScopes: string[]): Caller {
  if (caller.kind === 'apiKey') return caller;
  if (caller.kind === 'idToken')
    return tool.credential === 'idToken' ? caller : (courseCaller(caller, allScopes) as Caller);
  const ownerId = ownerOf(args);
  return tool.credential === 'idToken'
    ? { kind: 'idToken', ownerId, viaMaster: true }
    : { kind: 'apiKey', ownerId, keyId: MASTER_KEY_ID, environment: 'prod', scopes: allScopes };
}

/**
 * Who reads courses as resources: an API key as itself, a signed-in user as a full-scope production
 * key of their own (as their course tools do); `undefined` for the master key, which has no owner.
 */
export function courseCaller(
  caller: McpCaller,
  allScopes: readonly string[] = ['courses:read'],
): Caller | undefined {
  if (caller.kind === 'apiKey') return caller;
  if (caller.kind === 'master') return undefined;
  return {
    kind: 'apiKey',
    ownerId: caller.ownerId,
    keyId: ID_TOKEN_KEY_ID,
    environment: 'prod',
    scopes: allScopes,
  };
}

/**
 * The flat arguments split into the operation's path parameters, query and body. An argument the
 * tool does not know goes where the spec's validation names it as unknown (the body, or the query
 * of an operation without one), so the pipeline words the error as for any request.
 */
function partsOf(tool: ToolSpec, args: Obj) {
  const params: Record<string, string> = {};
  const query: Obj = {};
  const body: Obj = {};
  const rest = tool.bodySchema ? body : query;
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined) continue;
    if (tool.args.path.includes(name)) params[name] = value as string;
    else if (tool.args.query.includes(name)) query[name] = value;
    else if (tool.args.body.includes(name)) body[name] = value;
    else rest[name] = value;
  }
  return { params, query, body: tool.bodySchema ? body : undefined };
}

/**
 * Creates the runner. Each call re-checks that the credential may use the tool (hiding a tool is
 * not an authorization boundary), then runs the tool's operation for the acting caller: scopes,
 * validation, problem codes and wording are the pipeline's, as for a REST request. A client's
 * mistake is a tool error the model can act on; anything else a protocol error with the request id.
 */
export function createToolRunner(options: { allScopes: string[] }): ToolRunner {
  return {
    async run(tool, args, scope) {
      const { caller } = scope;
      if (tool.admin && caller.kind === 'apiKey') {
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${tool.name}`);
      }
      let outcome: Awaited<ReturnType<ProtocolContext['callOperation']>>;
      try {
        const acting = actingCaller(tool, caller, args, options.allScopes);
        // The master key's `owner` names whom to act for; it is no argument of the operation.
        const { owner: _owner, ...own } = args;
        const parts = partsOf(tool, caller.kind === 'master' ? own : args);
        outcome = await scope.callOperation(tool.operationId, {
          caller: acting,
          requestId: scope.requestId,
          ...parts,
        });
      } catch (error) {
        outcome = { ok: false, error };
      }
      if (outcome.ok) {
        const structured = (outcome.data ?? { deleted: true, ...partsOf(tool, args).params }) as Obj;
        return {
          content: [{ type: 'text', text: JSON.stringify(structured) }],
          structuredContent: structured,
        };
      }
      const { error } = outcome;
      // A 503 (an outage) is a result the model can act on (retry later); only a bug is a protocol error.
      if (error instanceof ApiError && error.code !== 'internal_error')
        return toolError(error, tool, scope.requestId);
      scope.log?.error({ err: error, tool: tool.name, requestId: scope.requestId }, 'tool call failed');
      throw internalProtocolError(scope.requestId);
    },
  };
}
