import type { OpenApiDocument } from '@course-service/runtime';

/** A JSON Schema (2020-12) as a plain object. */
export type JsonSchema = Record<string, unknown>;

/** Follows a local `$ref` (`#/components/...`) to the node it names. */
function resolvePointer(document: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`only local references are supported, got '${ref}'`);
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>(
      (at, part) => (at as JsonSchema)[part.replace(/~1/g, '/').replace(/~0/g, '~')],
      document,
    );
}

/**
 * A deep copy of `node` with every local `$ref` replaced by what it names, so that a tool schema
 * stands on its own (MCP clients cannot resolve `#/components/...`). The spec has no recursive
 * schemas; a cycle would be a spec error and is refused rather than looped on.
 */
export function dereference(document: OpenApiDocument, node: unknown, seen: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((item) => dereference(document, item, seen));
  if (node === null || typeof node !== 'object') return node;
  const { $ref, ...rest } = node as JsonSchema;
  if (typeof $ref === 'string') {
    if (seen.includes($ref)) throw new Error(`recursive reference '${$ref}' cannot become a tool schema`);
    const target = dereference(document, resolvePointer(document, $ref), [...seen, $ref]) as JsonSchema;
    // Siblings of a $ref (e.g. a description) refine the referenced schema.
    return Object.keys(rest).length === 0
      ? target
      : { ...target, ...(dereference(document, rest, seen) as JsonSchema) };
  }
  return Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [key, dereference(document, value, seen)]),
  );
}

/** `schema` with `type: object` at its root, as MCP requires of tool schemas (e.g. for an `allOf` of objects). */
export function objectRoot(schema: JsonSchema): JsonSchema {
  if (schema.type === 'object') return schema;
  if (schema.type !== undefined)
    throw new Error(`a tool schema must be an object, got type '${String(schema.type)}'`);
  return { type: 'object', ...schema };
}
