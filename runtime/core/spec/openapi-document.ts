/** The parts of an OpenAPI document the service reads. Treat it as read-only. */
export interface OpenApiDocument {
  openapi: string;
  info: { version: string; [key: string]: unknown };
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

type Node = Record<string, unknown>;

/**
 * Follows `$ref`s (local JSON Pointers only, as the spec uses) until a real node is reached.
 *
 * @example resolveRef(document, { $ref: '#/components/parameters/Limit' }) // { name: 'limit', in: 'query', … }
 */
export function resolveRef(document: OpenApiDocument, value: unknown): Node {
  let node = value as Node;
  while (node && typeof node.$ref === 'string') {
    node = pointerParts(node.$ref as string).reduce<unknown>(
      (at, part) => (at as Node)[part],
      document,
    ) as Node;
  }
  return node;
}

/**
 * The unescaped segments of a local `$ref` such as `#/components/schemas/Course`.
 *
 * @example pointerParts('#/paths/~1healthz/get') // ['paths', '/healthz', 'get']
 */
function pointerParts(ref: string): string[] {
  return ref
    .replace(/^#\/?/, '')
    .split('/')
    .filter((part) => part !== '')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
}
