import type { CallToolResult } from '@modelcontextprotocol/server';
import type { FieldError } from '../../domain/problems.ts';
import type { ApiError } from '../http/api-error.ts';
import { toolName } from './tool-catalogue.ts';

/** Field errors by argument name: MCP arguments are flat, so `/name` in the body is the `name` argument. */
function describeFields(errors: FieldError[]): string {
  return errors
    .map((error) => `'${error.pointer.replace(/^\//, '').split('/')[0] || 'arguments'}' ${error.detail}`)
    .join('; ');
}

/** What the model should do next, for the problems where the REST detail speaks of HTTP. */
function hintFor(error: ApiError): string {
  const extensions = error.options.extensions ?? {};
  switch (error.code) {
    case 'validation_failed':
      return ` Fix these arguments and call again: ${describeFields((extensions.errors as FieldError[] | undefined) ?? [])}.`;
    case 'not_found':
      return ' Check the id: list_courses (or list_api_keys) shows the ids that exist.';
    case 'insufficient_scope':
      return ' This tool cannot be used with this API key; use a key that has that scope.';
    case 'invalid_transition':
    case 'course_archived':
    case 'invalid_course_state': {
      const allowed = (extensions.allowedTransitions as string[] | undefined) ?? [];
      const tools = allowed.map((transition) => toolName(`${transition}Course`));
      return tools.length > 0 ? ` Tools that apply now: ${tools.join(', ')}.` : '';
    }
    default:
      return '';
  }
}

/**
 * A domain error as a tool error (`isError`), so the model sees what went wrong and how to fix the
 * call, rather than a protocol failure. The text carries the stable problem code first.
 */
export function toolError(error: ApiError): CallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: `${error.code}: ${error.detail}${hintFor(error)}` }],
  };
}
