import { type CallToolResult, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Logger } from 'pino';
import type { Caller } from '../auth/caller.ts';
import { ApiError } from '../http/api-error.ts';
import { JsonText, type OperationDeps, type OperationHandler } from '../operations/operation.ts';
import { MASTER_KEY_ID } from './mcp-auth.ts';
import type { ToolSpec } from './tool-catalogue.ts';
import { toolError } from './tool-errors.ts';

/** The caller of an MCP request: the master key, or an ordinary API key acting on its own account. */
export type McpCaller = { kind: 'master' } | Extract<Caller, { kind: 'apiKey' }>;

/** What a tool call knows of the HTTP request it came in. */
export interface CallScope {
  caller: McpCaller;
  requestId: string;
  log?: Logger;
}

/** Runs tool calls through the same operation handlers as the REST API. */
export interface ToolRunner {
  run(tool: ToolSpec, args: Record<string, unknown>, scope: CallScope): Promise<CallToolResult>;
}

type Obj = Record<string, unknown>;

/** Ajv's errors as field errors, worded for arguments rather than for a body. */
function validationError(tool: ToolSpec, errors: ErrorObject[] | null | undefined): ApiError {
  const fields = (errors ?? []).map((error) => {
    const params = error.params as Obj;
    let detail = `${error.message}`;
    if (error.keyword === 'additionalProperties')
      detail = `has an unknown argument '${params.additionalProperty}'`;
    if (error.keyword === 'minProperties') detail = `need at least one of: ${tool.args.body.join(', ')}`;
    return { location: 'body' as const, pointer: error.instancePath || '/', detail };
  });
  return new ApiError(
    'validation_failed',
    `The call has ${fields.length} invalid argument${fields.length === 1 ? '' : 's'}.`,
    {
      extensions: { errors: fields },
    },
  );
}

function pick(args: Obj, names: string[]): Obj {
  return Object.fromEntries(
    names.filter((name) => args[name] !== undefined).map((name) => [name, args[name]]),
  );
}

/**
 * Who the operation handler sees. The master key acts for `owner` with the authority the REST API
 * asks of that owner: a full-scope production key for course operations (the master key never
 * reaches a sandbox), the owner's ID token for key management.
 */
function actingCaller(tool: ToolSpec, caller: McpCaller, args: Obj, allScopes: string[]): Caller {
  if (caller.kind === 'apiKey') return caller;
  const ownerId = args.owner as string;
  return tool.credential === 'idToken'
    ? { kind: 'idToken', ownerId }
    : { kind: 'apiKey', ownerId, keyId: MASTER_KEY_ID, environment: 'prod', scopes: allScopes };
}

/**
 * Creates the runner for `tools` (validators compiled once). Each call re-checks permission (hiding
 * a tool is not an authorization boundary), validates the arguments against the tool's schema and
 * the body against the spec's own, then calls the operation's handler.
 */
export function createToolRunner(options: {
  tools: ToolSpec[];
  handlers: Readonly<Record<string, OperationHandler>>;
  deps: OperationDeps;
  allScopes: string[];
}): ToolRunner {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats.default(ajv);
  const validators = new Map<ToolSpec, { args: ValidateFunction; body?: ValidateFunction }>(
    options.tools.map((tool) => [
      tool,
      { args: ajv.compile(tool.inputSchema), ...(tool.bodySchema && { body: ajv.compile(tool.bodySchema) }) },
    ]),
  );

  async function call(tool: ToolSpec, args: Obj, scope: CallScope): Promise<CallToolResult> {
    const { caller } = scope;
    const validate = validators.get(tool);
    if (!validate || (tool.admin && caller.kind !== 'master')) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${tool.name}`);
    }
    if (caller.kind === 'apiKey') {
      const missing = tool.requiredScopes.filter((scope) => !caller.scopes.includes(scope));
      if (missing.length > 0)
        throw new ApiError('insufficient_scope', `This API key lacks the scope '${missing.join("', '")}'.`);
    }
    if (!validate.args(args)) throw validationError(tool, validate.args.errors);
    const body = tool.bodySchema ? pick(args, tool.args.body) : undefined;
    if (validate.body && !validate.body(body)) throw validationError(tool, validate.body.errors);
    const params = pick(args, tool.args.path) as Record<string, string>;
    const handler = options.handlers[tool.operationId] as OperationHandler;
    const result = await handler(
      {
        params,
        query: pick(args, tool.args.query),
        headers: {},
        body,
        caller: actingCaller(tool, caller, args, options.allScopes),
      },
      options.deps,
    );
    const data = result instanceof JsonText ? result.parse() : result;
    const structured = (data ?? { deleted: true, ...params }) as Obj;
    return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
  }

  return {
    async run(tool, args, scope) {
      try {
        return await call(tool, args, scope);
      } catch (error) {
        if (error instanceof ApiError && error.status < 500) return toolError(error);
        if (error instanceof ProtocolError) throw error;
        scope.log?.error({ err: error, tool: tool.name }, 'tool call failed');
        throw new ProtocolError(
          ProtocolErrorCode.InternalError,
          `An unexpected error occurred; quote the request id ${scope.requestId} when reporting it.`,
        );
      }
    },
  };
}
