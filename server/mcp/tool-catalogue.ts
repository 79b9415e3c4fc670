import { buildOperationTable, type OpenApiDocument, type OperationInfo } from '@course-service/runtime';
import type { ToolAnnotations } from '@modelcontextprotocol/server';
import { dereference, type JsonSchema, objectRoot } from './json-schema.ts';

/** One MCP tool, derived from one operation of the spec. */
export interface ToolSpec {
  /** snake_case `verb_noun`, from the operationId (`createCourse` → `create_course`). */
  name: string;
  operationId: string;
  title: string;
  description: string;
  /** Path and query parameters and the JSON body's properties, flattened into one object. */
  inputSchema: JsonSchema;
  /** The success response's schema; `{deleted: true, …path parameters}` for an empty one. */
  outputSchema: JsonSchema;
  annotations: ToolAnnotations;
  /** `apiKey` tools act on courses; `idToken` ones manage keys and are for the master key only. */
  credential: 'apiKey' | 'idToken';
  requiredScopes: string[];
  /** Which arguments go where in the operation's input. */
  args: { path: string[]; query: string[]; body: string[] };
  /** The request body's own schema, checked as the REST API checks it; absent without a body. */
  bodySchema?: JsonSchema;
  /** Whether the tool needs the master key and takes an explicit `owner`. */
  admin: boolean;
}

/** The parts of a (dereferenced) operation object a tool is made from. */
interface OperationObject {
  summary: string;
  description?: string;
  deprecated?: boolean;
  'x-sunset'?: string;
  parameters?: ParameterObject[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

interface ParameterObject {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema: JsonSchema;
}

/** `Deprecated (removed after 2027-06-01).` for a deprecated operation, so a model prefers another tool. */
function deprecatedNote(operation: OperationObject): string | undefined {
  if (operation.deprecated !== true) return undefined;
  const sunset = operation['x-sunset'];
  return sunset === undefined ? 'Deprecated.' : `Deprecated (removed after ${String(sunset)}).`;
}

/** `listCourses` → `list_courses`. */
export function toolName(operationId: string): string {
  return operationId.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/**
 * Hints from the HTTP method: GET reads; DELETE removes for good; PATCH/PUT overwrite fields, and
 * repeating them changes nothing more; POST with a body creates (repeating creates again); POST
 * without one moves a resource to a fixed state (repeating changes nothing more).
 */
function annotationsOf(method: string, hasBody: boolean, title: string): ToolAnnotations {
  const base = { title, openWorldHint: false };
  if (method === 'GET') return { ...base, readOnlyHint: true, destructiveHint: false, idempotentHint: true };
  if (method === 'DELETE' || method === 'PATCH' || method === 'PUT') {
    return { ...base, readOnlyHint: false, destructiveHint: true, idempotentHint: true };
  }
  return { ...base, readOnlyHint: false, destructiveHint: false, idempotentHint: !hasBody };
}

/** The output of an operation that answers without a body: that it worked, and on what. */
function emptyResult(path: string[], properties: Record<string, JsonSchema>): JsonSchema {
  const deleted = { type: 'boolean', const: true, description: 'The operation succeeded.' };
  return {
    type: 'object',
    additionalProperties: false,
    required: ['deleted', ...path],
    properties: { deleted, ...Object.fromEntries(path.map((name) => [name, properties[name]])) },
  };
}

function toolOf(document: OpenApiDocument, info: OperationInfo): ToolSpec {
  const item = dereference(document, document.paths[info.path]) as {
    parameters?: ParameterObject[];
  } & Record<string, unknown>;
  const operation = item[info.method.toLowerCase()] as OperationObject;
  const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].filter(
    (p) => p.in === 'path' || p.in === 'query',
  );
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const parameter of parameters) {
    properties[parameter.name] = parameter.description
      ? { ...parameter.schema, description: parameter.description }
      : parameter.schema;
    if (parameter.required) required.push(parameter.name);
  }
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  const bodyProperties = (bodySchema?.properties ?? {}) as Record<string, JsonSchema>;
  for (const [name, schema] of Object.entries(bodyProperties)) {
    if (name in properties)
      throw new Error(`${info.operationId}: body property '${name}' clashes with a parameter`);
    properties[name] = schema;
  }
  required.push(...((bodySchema?.required as string[] | undefined) ?? []));
  const inputSchema: JsonSchema = { type: 'object', properties, required, additionalProperties: false };
  // The body's minProperties carries over exactly when every other argument is required.
  if (typeof bodySchema?.minProperties === 'number' && parameters.every((parameter) => parameter.required)) {
    inputSchema.minProperties = bodySchema.minProperties + parameters.length;
  }
  const path = parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name);
  const responseSchema =
    operation.responses[String(info.successStatus)]?.content?.['application/json']?.schema;
  const scopes = info.requiredScopes.length > 0 ? `Needs the scope ${info.requiredScopes.join(', ')}.` : '';
  return {
    name: toolName(info.operationId),
    operationId: info.operationId,
    title: operation.summary,
    description: [deprecatedNote(operation), `${operation.summary}.`, operation.description?.trim(), scopes]
      .filter(Boolean)
      .join(' '),
    inputSchema,
    outputSchema: responseSchema ? objectRoot(responseSchema) : emptyResult(path, properties),
    annotations: annotationsOf(info.method, bodySchema !== undefined, operation.summary),
    credential: info.credential as 'apiKey' | 'idToken',
    requiredScopes: info.requiredScopes,
    args: {
      path,
      query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
      body: Object.keys(bodyProperties),
    },
    ...(bodySchema && { bodySchema }),
    admin: info.credential === 'idToken',
  };
}

/** Whether the spec keeps an operation out of MCP (`x-mcp-tool: false`, with its reason beside it). */
function isMcpTool(document: OpenApiDocument, info: OperationInfo): boolean {
  const item = document.paths[info.path] as Record<string, { 'x-mcp-tool'?: boolean } | undefined>;
  return item[info.method.toLowerCase()]?.['x-mcp-tool'] !== false;
}

/**
 * Every operation that needs a credential becomes a tool: course operations (API key) and key
 * management (ID token, master key only). Public service operations are left out, and so are
 * operations the spec marks `x-mcp-tool: false`.
 */
export function buildToolCatalogue(document: OpenApiDocument): ToolSpec[] {
  return [...buildOperationTable(document).values()]
    .filter((info) => info.handledBy === undefined)
    .filter((info) => info.credential === 'apiKey' || info.credential === 'idToken')
    .filter((info) => isMcpTool(document, info))
    .map((info) => toolOf(document, info));
}
