import { type OpenApiDocument, resolveRef } from './openapi-document.ts';

type Node = Record<string, unknown>;

/** What an operation answers about its deprecated parts: the headers each earns. */
export interface Deprecations {
  /** The operation itself is deprecated: every answer carries these. */
  operation: DeprecationHeaders | undefined;
  /** Deprecated parameters, by `in` (`query`, `header`) and name (lower-case for headers). */
  parameters: ReadonlyArray<{ in: string; name: string; headers: DeprecationHeaders }>;
  /** Deprecated properties of the JSON request body, by name. */
  properties: ReadonlyArray<{ name: string; headers: DeprecationHeaders }>;
}

/** `Deprecation`, `Link`, and `Sunset` when dated. */
type DeprecationHeaders = Readonly<Record<string, string>>;

/** Where the API's documentation is, when a deprecated part names none (`externalDocs`). */
const DOCUMENTATION = '/docs';

function dateOf(node: Node, key: string, what: string): Date | undefined {
  const value = node[key];
  if (value === undefined) return undefined;
  const date = new Date(String(value));
  if (Number.isNaN(date.getTime())) throw new Error(`${what}: ${key} '${String(value)}' is not a date`);
  return date;
}

/**
 * The headers of a deprecated part of the spec (`deprecated: true`): `Deprecation` with the date
 * it was deprecated (`x-deprecated-at`, as RFC 9745's structured-field date `@<seconds>`), `Sunset`
 * with the date it goes (`x-sunset`, as RFC 8594's HTTP-date) when it has one, and a `Link` to its
 * documentation (`externalDocs.url`, else the API reference) with `rel="deprecation"`.
 */
function deprecationHeaders(node: Node, what: string): DeprecationHeaders | undefined {
  if (node.deprecated !== true) return undefined;
  const since = dateOf(node, 'x-deprecated-at', what);
  if (!since)
    throw new Error(
      `${what} is deprecated without x-deprecated-at, the date RFC 9745's Deprecation header needs`,
    );
  const sunset = dateOf(node, 'x-sunset', what);
  const docs = (node.externalDocs as { url?: string } | undefined)?.url ?? DOCUMENTATION;
  return {
    Deprecation: `@${Math.floor(since.getTime() / 1000)}`,
    ...(sunset ? { Sunset: sunset.toUTCString() } : {}),
    Link: `<${docs}>; rel="deprecation"`,
  };
}

/**
 * Reads which parts of an operation are deprecated (the operation, its query and header parameters,
 * the top-level properties of its JSON request body) and the headers each makes an answer carry.
 * Throws at start-up for a deprecated part without `x-deprecated-at`, or with a date that is none.
 *
 * @example deprecationsOf(document, operation, parameters, 'listCourses').operation; // { Deprecation: '@1764547200', … }
 */
export function deprecationsOf(
  document: OpenApiDocument,
  operation: Node,
  parameters: Node[],
  operationId: string,
): Deprecations {
  const deprecatedParameters = parameters.flatMap((parameter) => {
    const where = String(parameter.in);
    const name = where === 'header' ? String(parameter.name).toLowerCase() : String(parameter.name);
    const headers = deprecationHeaders(parameter, `parameter ${String(parameter.name)} of ${operationId}`);
    return headers ? [{ in: where, name, headers }] : [];
  });
  const body = resolveRef(document, operation.requestBody) as Node | undefined;
  const media = (body?.content as Record<string, Node> | undefined)?.['application/json'];
  const schema = media ? resolveRef(document, media.schema) : undefined;
  const properties = Object.entries((schema?.properties ?? {}) as Record<string, unknown>).flatMap(
    ([name, node]) => {
      // `deprecated` may sit beside a `$ref`, as OpenAPI 3.1 allows.
      const property = { ...resolveRef(document, node), ...(node as Node) };
      const headers = deprecationHeaders(property, `property ${name} of ${operationId}'s request body`);
      return headers ? [{ name, headers }] : [];
    },
  );
  return {
    operation: deprecationHeaders(operation, `operation ${operationId}`),
    parameters: deprecatedParameters,
    properties,
  };
}

/**
 * The deprecation headers a call earns: the operation's, else those of the first deprecated
 * parameter or body property it sends.
 *
 * @example deprecationHeadersFor(info.deprecations, query, headers, body)
 */
export function deprecationHeadersFor(
  deprecations: Deprecations,
  query: Readonly<Record<string, unknown>>,
  headers: Readonly<Record<string, unknown>>,
  body: unknown,
): DeprecationHeaders | undefined {
  if (deprecations.operation) return deprecations.operation;
  const sent = deprecations.parameters.find(
    (p) => (p.in === 'query' ? query : p.in === 'header' ? headers : {})[p.name] !== undefined,
  );
  if (sent) return sent.headers;
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  return deprecations.properties.find((property) => fields[property.name] !== undefined)?.headers;
}
