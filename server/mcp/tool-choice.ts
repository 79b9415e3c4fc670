import { toolName } from './tool-catalogue.ts';

/** Which tools a client asked for: read-only ones only, and/or a list of names; `undefined` for all. */
export interface ToolChoice {
  readOnly: boolean;
  names: Set<string> | undefined;
}

const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['', '0', 'false', 'no', 'off']);

function flag(value: string | null, from: string): boolean {
  if (value === null) return false;
  const normalised = value.trim().toLowerCase();
  if (TRUE.has(normalised)) return true;
  if (FALSE.has(normalised)) return false;
  throw new Error(`${from} must be 1, true, 0 or false, got '${value}'.`);
}

function names(value: string | null, from: string): Set<string> | undefined {
  if (value === null) return undefined;
  // Tool names (`list_courses`) and operationIds (`listCourses`) both name a tool.
  const listed = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
    .map(toolName);
  if (listed.length === 0)
    throw new Error(`${from} must name at least one tool, e.g. list_courses,get_course.`);
  return new Set(listed);
}

/**
 * The tool choice of a request to `/mcp`, from its URL (`?readonly=1&tools=list_courses,get_course`)
 * or its headers (`X-MCP-Readonly`, `X-MCP-Tools`), as GitHub's MCP server offers them. Both only
 * narrow: read-only when either asks, and a tool named in both lists when both are given. Throws
 * an `Error` whose message says what is wrong, or which names are unknown.
 */
export function toolChoiceOf(request: Request, known: ReadonlySet<string>): ToolChoice {
  const url = new URL(request.url);
  const readOnly =
    flag(url.searchParams.get('readonly'), "The query parameter 'readonly'") ||
    flag(request.headers.get('x-mcp-readonly'), "The header 'X-MCP-Readonly'");
  const fromQuery = names(url.searchParams.get('tools'), "The query parameter 'tools'");
  const fromHeader = names(request.headers.get('x-mcp-tools'), "The header 'X-MCP-Tools'");
  const chosen =
    fromQuery && fromHeader
      ? new Set([...fromQuery].filter((name) => fromHeader.has(name)))
      : (fromQuery ?? fromHeader);
  const unknown = [...(fromQuery ?? []), ...(fromHeader ?? [])].filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new Error(
      `Unknown tool in the tool filter: ${[...new Set(unknown)].join(', ')}. Tools: ${[...known].join(', ')}.`,
    );
  }
  return { readOnly, names: chosen };
}
