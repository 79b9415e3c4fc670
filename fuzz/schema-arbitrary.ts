import { resolveSchema } from '@course-service/contract-tests';
import fc from 'fast-check';

type Schema = Record<string, unknown>;

const DAY_MS = 86_400_000;

/** Date-times a server accepts for "a moment in the future": one hour to 300 days ahead. */
const futureDateTime = () =>
  fc.integer({ min: 3600_000, max: 300 * DAY_MS }).map((ahead) => new Date(Date.now() + ahead).toISOString());

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = Math.min((schema.maxLength as number | undefined) ?? 40, 5000);
  if (schema.format === 'date-time') return futureDateTime();
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : undefined;
  const fits = (text: string) =>
    [...text].length >= minLength && [...text].length <= maxLength && (!pattern || pattern.test(text));
  // Anchored patterns (ids, keys) are generated from the pattern; others from any code point, filtered.
  const general =
    pattern && schema.pattern?.toString().startsWith('^')
      ? fc.stringMatching(pattern).filter(fits)
      : fc.string({ unit: 'binary', minLength, maxLength: Math.min(maxLength, 60) }).filter(fits);
  // Boundary lengths are where off-by-one limits live.
  const edges = [minLength, maxLength]
    .filter((length) => length > 0)
    .map((length) => 'x'.repeat(length))
    .filter(fits);
  return edges.length > 0 ? fc.oneof({ arbitrary: general, weight: 4 }, fc.constantFrom(...edges)) : general;
}

function objectArbitrary(document: Schema, schema: Schema, depth: number): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = (schema.required ?? []) as string[];
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) {
    // A client never sends read-only properties.
    if (resolveSchema(document, property).readOnly === true || property.readOnly === true) continue;
    model[name] = schemaArbitrary(document, property, depth + 1);
  }
  if (Object.keys(model).length === 0)
    return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
  const minProperties = (schema.minProperties as number | undefined) ?? 0;
  return fc
    .record(model, { requiredKeys: required.filter((name) => name in model) })
    .filter((value) => Object.keys(value).length >= minProperties);
}

/**
 * A fast-check arbitrary of values valid against a JSON Schema (the subset `openapi.yaml` uses:
 * `$ref`, `allOf`, `const`, `enum`, type unions, string lengths, patterns and `date-time`, integer
 * ranges, arrays with `uniqueItems`, objects with `required`, `minProperties` and read-only fields).
 *
 * @example fc.sample(schemaArbitrary(document, { $ref: '#/components/schemas/CourseCreate' }), 3);
 */
export function schemaArbitrary(document: Schema, input: Schema, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolveSchema(document, input);
  if (Array.isArray(schema.allOf)) {
    const [first] = schema.allOf as Schema[];
    const { allOf: _, ...rest } = schema;
    return schemaArbitrary(document, { ...resolveSchema(document, first ?? {}), ...rest }, depth);
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if (Array.isArray(schema.type)) {
    const types = schema.type as string[];
    return fc.oneof(...types.map((type) => schemaArbitrary(document, { ...schema, type }, depth)));
  }
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({
        min: (schema.minimum as number | undefined) ?? -1000,
        max: (schema.maximum as number | undefined) ?? 1000,
      });
    case 'string':
      return stringArbitrary(schema);
    case 'array': {
      const items = schemaArbitrary(document, (schema.items ?? {}) as Schema, depth + 1);
      const constraints = {
        minLength: (schema.minItems as number | undefined) ?? 0,
        maxLength: Math.min((schema.maxItems as number | undefined) ?? 4, 4),
      };
      return schema.uniqueItems
        ? fc.uniqueArray(items, { ...constraints, selector: (v) => JSON.stringify(v) })
        : fc.array(items, constraints);
    }
    case 'object':
      return objectArbitrary(document, schema, depth);
    default:
      return depth > 3 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
}
