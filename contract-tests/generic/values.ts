import { resolveSchema } from '../resolve-schema.ts';

type Schema = Record<string, unknown>;

/**
 * Which valid value to build: the smallest the schema allows (required properties only), a full
 * one (every writable property), or one at the upper bounds (longest strings, largest numbers).
 */
export type ValueShape = 'minimal' | 'full' | 'longest';

/**
 * Values the target supplies for schemas whose valid instances the suite cannot invent, by the
 * `$ref` that names the schema: a webhook URL the target accepts and can reach, say.
 */
export type SuppliedValues = Readonly<Record<string, unknown>>;

const DAY_MS = 86_400_000;

/** A schema with `allOf` folded into one, as the spec uses it (a `$ref` plus annotations). */
function flatten(document: Schema, input: Schema): Schema {
  const schema = resolveSchema(document, input);
  if (!Array.isArray(schema.allOf)) return schema;
  const { allOf, ...rest } = schema;
  // The schema's own keywords win over those of its parts (a `readOnly` beside a `$ref`).
  return Object.assign({}, ...(allOf as Schema[]).map((part) => flatten(document, part)), rest);
}

function stringValue(schema: Schema, shape: ValueShape): string {
  // A date-time a server takes for "a moment ahead" (an expiry, say): tomorrow.
  if (schema.format === 'date-time') return new Date(Date.now() + DAY_MS).toISOString();
  const examples = schema.examples as unknown[] | undefined;
  // A pattern (an id, a key) is met by the spec's example; a bound by repetition.
  if (typeof examples?.[0] === 'string' && (shape !== 'longest' || schema.pattern)) return examples[0];
  const min = (schema.minLength as number | undefined) ?? 1;
  const length = shape === 'longest' ? ((schema.maxLength as number | undefined) ?? Math.max(min, 64)) : min;
  return 'x'.repeat(Math.max(length, 1));
}

function objectValue(document: Schema, schema: Schema, shape: ValueShape, supplied: SuppliedValues): Schema {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const writable = Object.keys(properties).filter(
    (name) => flatten(document, properties[name] as Schema).readOnly !== true,
  );
  const minProperties = (schema.minProperties as number | undefined) ?? 0;
  const chosen = writable.filter((name) => shape !== 'minimal' || required.has(name));
  for (const name of writable) if (chosen.length < minProperties && !chosen.includes(name)) chosen.push(name);
  const value: Schema = {};
  for (const name of chosen) value[name] = validValue(document, properties[name] as Schema, shape, supplied);
  return value;
}

/**
 * A value valid against `schema` (the subset of JSON Schema the spec uses), built deterministically
 * so a failure can be replayed: `const`, `enum` and `examples` first, then bounds; read-only
 * properties are left out, as a client never sends them; a schema named in `supplied` gets the
 * target's value. Callers confirm validity with the spec's
 * own validator ({@link ../schema-check.ts}) before relying on it.
 *
 * @example validValue(document, { $ref: '#/components/schemas/CourseCreate' }, 'minimal'); // { name: 'x', …
 */
export function validValue(
  document: Schema,
  input: Schema,
  shape: ValueShape,
  supplied: SuppliedValues = {},
): unknown {
  if (typeof input.$ref === 'string' && input.$ref in supplied) return supplied[input.$ref];
  const schema = flatten(document, input);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  const type = types.find((t) => t !== 'null') ?? types[0];
  switch (type) {
    case 'string':
      return stringValue(schema, shape);
    case 'integer':
    case 'number': {
      const min = schema.minimum as number | undefined;
      const max = schema.maximum as number | undefined;
      if (shape === 'longest' && max !== undefined) return max;
      return (schema.default as number | undefined) ?? min ?? 1;
    }
    case 'boolean':
      return true;
    case 'array': {
      const items = flatten(document, (schema.items ?? {}) as Schema);
      const options = Array.isArray(items.enum)
        ? (items.enum as unknown[])
        : [validValue(document, items, shape, supplied)];
      const min = (schema.minItems as number | undefined) ?? 0;
      const count = shape === 'minimal' ? Math.max(min, 1) : options.length;
      return options.slice(0, Math.max(count, 1));
    }
    case 'object':
      return objectValue(document, schema, shape, supplied);
    default:
      return undefined;
  }
}

/** `schema` with its `$ref`s and `allOf` folded, for callers that read its keywords. */
export const flatSchema = flatten;
