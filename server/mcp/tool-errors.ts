import type { ApiError } from '@course-service/runtime';
import { type FieldError, problemBody } from '@course-service/runtime/domain/problems';
import { type CallToolResult, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { type ToolSpec, toolName } from './tool-catalogue.ts';

/**
 * Field errors by argument name: MCP arguments are flat, so `/name` in the body is the `name`
 * argument, and an empty body means none of the body's arguments was given.
 */
function describeFields(errors: FieldError[], tool: ToolSpec): string {
  return errors
    .map((error) => {
      const argument = error.pointer.replace(/^\//, '').split('/')[0];
      if (argument) return `'${argument}' ${error.detail}`;
      if (error.location === 'body' && tool.args.body.length > 0)
        return `need at least one of: ${tool.args.body.join(', ')}`;
      return `'arguments' ${error.detail}`;
    })
    .join('; ');
}

/** What the model should do next, for the problems where the REST detail speaks of HTTP. */
function hintFor(error: ApiError, tool: ToolSpec): string {
  const extensions = error.options.extensions ?? {};
  switch (error.code) {
    case 'validation_failed':
      return ` Fix these arguments and call again: ${describeFields((extensions.errors as FieldError[] | undefined) ?? [], tool)}.`;
    case 'not_found':
      return ' Check the id: list_courses, list_api_keys, list_events and list_webhook_endpoints show the ids that exist.';
    case 'insufficient_scope':
      return ' This tool cannot be used with this API key; use a key that has that scope.';
    case 'invalid_transition':
    case 'course_archived':
    case 'invalid_course_state': {
      const allowed = (extensions.allowedTransitions as string[] | undefined) ?? [];
      const tools = allowed.map((transition) => toolName(`${transition}Course`));
      return tools.length > 0 ? ` Tools that apply now: ${tools.join(', ')}.` : '';
    }
    case 'key_already_rolled':
      return ` Call roll_api_key with keyId '${extensions.rolledTo as string}' to replace the newer key, or revoke_api_key to stop the old one now.`;
    case 'key_already_revoked':
    case 'key_already_expired':
      return ' Call create_api_key for a new key.';
    case 'webhook_endpoint_disabled':
      return ` Call ${toolName('updateWebhookEndpoint')} with enabled: true (after fixing the receiver, if it failed), then call this tool again.`;
    case 'webhook_endpoint_limit':
      return ` Call ${toolName('listWebhookEndpoints')} and ${toolName('deleteWebhookEndpoint')} for one no longer needed, or ${toolName('updateWebhookEndpoint')} to add event types to an existing one.`;
    default:
      return '';
  }
}

/**
 * A domain error as a tool error (`isError`), so the model sees what went wrong and how to fix the
 * call, rather than a protocol failure. The text carries the stable problem code first; the
 * structured content is the problem the REST API answers (`missingScopes`, `errors`,
 * `allowedTransitions` and all), for clients that act on it.
 */
export function toolError(error: ApiError, tool: ToolSpec, requestId: string): CallToolResult {
  const instance = `mcp:tools/call/${tool.name}`;
  return {
    isError: true,
    content: [{ type: 'text', text: `${error.code}: ${error.detail}${hintFor(error, tool)}` }],
    structuredContent: problemBody(
      error.code,
      error.detail,
      { instance, requestId },
      error.options.extensions,
    ),
  };
}

/** A programming error as the client sees it: a JSON-RPC internal error naming the request id. */
export function internalProtocolError(requestId: string): ProtocolError {
  return new ProtocolError(
    ProtocolErrorCode.InternalError,
    `An unexpected error occurred; quote the request id ${requestId} when reporting it.`,
  );
}
