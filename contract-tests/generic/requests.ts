import type { Contract, RawReply } from '../contract.ts';
import type { OperationShape, ParameterShape } from '../operation-shapes.ts';
import type { SchemaCheck } from '../schema-check.ts';
import type { Exchange } from './links.ts';
import { type SuppliedValues, type ValueShape, validValue } from './values.ts';

/** The parts of a request, before they become a URL, headers and a body. */
export interface RequestParts {
  path: Record<string, string>;
  query: Record<string, string>;
  header: Record<string, string>;
  /** The JSON body; `undefined` sends none. */
  body?: unknown;
}

/** A request sent by a generic check, and what came back. */
export interface Sent {
  /** `METHOD /path?query`, for messages. */
  label: string;
  reply: RawReply;
  exchange: Exchange;
}

/** The MCP transport (Streamable HTTP) wants both media types in `Accept` on every request. */
const MCP_TRANSPORT = { Accept: 'application/json, text/event-stream' };

/**
 * Sends one request for `shape` through the contract (so its answer is checked like any other),
 * with `credential` headers added, and returns the answer with the exchange links are evaluated on.
 *
 * @example const { reply } = await send(c, getCourse, { path: { courseId }, query: {}, header: {} }, auth);
 */
export async function send(
  c: Contract,
  shape: OperationShape,
  parts: RequestParts,
  credential: Record<string, string>,
  method = shape.spec.method,
): Promise<Sent> {
  const path = shape.spec.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(parts.path[name] ?? ''),
  );
  const search = new URLSearchParams(parts.query).toString();
  const url = search ? `${path}?${search}` : path;
  const declared = (c.spec.document.paths as Record<string, Record<string, Record<string, unknown>>>)[
    shape.spec.path
  ]?.[shape.spec.method.toLowerCase()];
  const transport = declared?.['x-handled-by'] === 'mcp' ? MCP_TRANSPORT : {};
  const headers = { ...transport, ...parts.header, ...credential };
  const reply = await c.call(url, { method, headers, json: parts.body });
  const header = Object.fromEntries(Object.entries(parts.header).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    label: `${method} ${url}`,
    reply,
    exchange: {
      request: { path: parts.path, query: parts.query, header },
      response: { status: reply.status, headers: reply.headers, body: reply.body },
    },
  };
}

/** What building valid requests needs: the spec's document and its request validators. */
export interface RequestContext {
  document: Record<string, unknown>;
  /** Judges parameters (text, coerced as the server coerces them). */
  checkParameter: SchemaCheck;
  /** Judges JSON bodies (as they are). */
  checkBody: SchemaCheck;
  /** Whether a link fills this parameter of this operation from a response (an id, a cursor). */
  linkFilled(operationId: string, parameter: string): boolean;
  /** The target's values for schemas the suite cannot invent valid instances of. */
  supplied?: SuppliedValues;
}

function parameterValue(context: RequestContext, parameter: ParameterShape, shape: ValueShape): string {
  const valid = (value: unknown) =>
    value !== undefined && context.checkParameter(parameter.schema, String(value));
  if (valid(parameter.example)) return String(parameter.example);
  const examples = parameter.schema.examples as unknown[] | undefined;
  if (valid(examples?.[0])) return String(examples?.[0]);
  // A fresh value per request, so headers such as Idempotency-Key never collide.
  const fresh = crypto.randomUUID();
  if (parameter.in === 'header' && valid(fresh)) return fresh;
  return String(validValue(context.document, parameter.schema, shape, context.supplied));
}

/**
 * A valid request for `shape`: parameters from `given` (a link's values), else built from their
 * schemas (all of them for `full` and `longest`, the required ones for `minimal`), and a body built
 * from its schema. A parameter that links fill from responses (an id, a cursor) is a value the
 * server hands out: it comes from `given`, and is invented only when the request cannot do without.
 *
 * @example validParts(context, createCourse, 'minimal').body; // { name: 'x', description: 'x' }
 */
export function validParts(
  context: RequestContext,
  shape: OperationShape,
  valueShape: ValueShape,
  given: Record<string, string> = {},
): RequestParts {
  const parts: RequestParts = { path: {}, query: {}, header: {} };
  for (const parameter of shape.parameters) {
    const linked = context.linkFilled(shape.spec.operationId, parameter.name);
    let value = given[parameter.name];
    if (value === undefined && (parameter.required || (valueShape !== 'minimal' && !linked)))
      value = parameterValue(context, parameter, valueShape);
    if (value !== undefined) parts[parameter.in][parameter.name] = value;
  }
  if (shape.body && (shape.body.required || valueShape !== 'minimal'))
    parts.body = validValue(context.document, shape.body.schema, valueShape, context.supplied);
  return parts;
}

/** Whether a built request is valid by the spec's own validators (it may not be, for odd schemas). */
export function isValid(context: RequestContext, shape: OperationShape, parts: RequestParts): boolean {
  const parameters = shape.parameters.every((parameter) => {
    const value = parts[parameter.in][parameter.name];
    return value === undefined ? !parameter.required : context.checkParameter(parameter.schema, value);
  });
  const body = shape.body
    ? parts.body === undefined
      ? !shape.body.required
      : context.checkBody(shape.body.schema, parts.body)
    : parts.body === undefined;
  return parameters && body;
}
