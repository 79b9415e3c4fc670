import type { SchemaCheck } from '../schema-check.ts';
import { flatSchema } from './values.ts';

type Schema = Record<string, unknown>;

/** A value that breaks a schema, and how. */
export interface Violation {
  label: string;
  value: unknown;
}

/** A value of another JSON type than each type expects. */
const WRONG_TYPE: Record<string, unknown> = {
  string: 42,
  integer: 'not-a-number',
  number: 'not-a-number',
  boolean: 'not-a-boolean',
  array: 'not-an-array',
  object: 'not-an-object',
};

/** Ways one value can break its (flattened) schema: type, bounds, enum, pattern, format, items. */
function valueViolations(schema: Schema, valid: unknown): Violation[] {
  const out: Violation[] = [];
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  for (const type of types)
    if (type && type in WRONG_TYPE) out.push({ label: `not a ${type}`, value: WRONG_TYPE[type] });
  if (typeof schema.maxLength === 'number')
    out.push({ label: `longer than ${schema.maxLength}`, value: 'x'.repeat(schema.maxLength + 1) });
  if (typeof schema.minLength === 'number' && schema.minLength > 0)
    out.push({ label: `shorter than ${schema.minLength}`, value: '' });
  if (typeof schema.pattern === 'string')
    for (const value of ['   ', '!', '%']) out.push({ label: `not matching ${schema.pattern}`, value });
  if (typeof schema.minimum === 'number')
    out.push({ label: `below ${schema.minimum}`, value: schema.minimum - 1 });
  if (typeof schema.maximum === 'number')
    out.push({ label: `above ${schema.maximum}`, value: schema.maximum + 1 });
  if (Array.isArray(schema.enum) || 'const' in schema)
    out.push({ label: 'not an allowed value', value: 'not-allowed' });
  if (typeof schema.format === 'string') out.push({ label: `not a ${schema.format}`, value: 'not-a-value' });
  if (typeof schema.minItems === 'number' && schema.minItems > 0)
    out.push({ label: 'too few items', value: [] });
  if (schema.uniqueItems === true && Array.isArray(valid) && valid.length > 0)
    out.push({ label: 'a repeated item', value: [valid[0], valid[0]] });
  return out;
}

/**
 * Requests values that break `schema`, derived from a valid value of it: for an object, each
 * required property missing, each property broken in each way its schema allows (type, bounds,
 * enum, pattern, format, items), an unknown property, too few properties and another JSON type
 * altogether. Only values the spec's own validator refuses are kept, so each is a real violation.
 *
 * @example violations(document, createCourseSchema, { name: 'x', description: 'x' }, check);
 */
export function violations(document: Schema, input: Schema, valid: unknown, check: SchemaCheck): Violation[] {
  const schema = flatSchema(document, input);
  const candidates: Violation[] = [];
  if (schema.type === 'object' && valid && typeof valid === 'object' && !Array.isArray(valid)) {
    const record = valid as Record<string, unknown>;
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const name of (schema.required ?? []) as string[]) {
      const { [name]: _, ...rest } = record;
      candidates.push({ label: `the required property '${name}' missing`, value: rest });
    }
    for (const [name, property] of Object.entries(properties)) {
      const flat = flatSchema(document, property);
      if (flat.readOnly === true) continue;
      for (const broken of valueViolations(flat, record[name]))
        candidates.push({ label: `'${name}' ${broken.label}`, value: { ...record, [name]: broken.value } });
    }
    candidates.push({ label: 'an unknown property', value: { ...record, unknownProperty: 'x' } });
    candidates.push({ label: 'no properties', value: {} });
    candidates.push({ label: 'an array instead of an object', value: [] });
  } else {
    candidates.push(...valueViolations(schema, valid));
  }
  return refused(candidates, input, check);
}

/**
 * Text values that break a parameter's schema (as text, the way a URL or header carries them);
 * none empty, since an empty path segment or header is no value at all.
 *
 * @example parameterViolations(document, { type: 'integer', minimum: 1 }, check); // 'not-a-number', '0'
 */
export function parameterViolations(document: Schema, input: Schema, check: SchemaCheck): Violation[] {
  const texts = valueViolations(flatSchema(document, input), undefined)
    .filter((candidate) => !Array.isArray(candidate.value) && String(candidate.value).trim() !== '')
    .map((candidate) => ({ label: candidate.label, value: String(candidate.value) }));
  return refused(texts, input, check);
}

/** The candidates the spec's validator refuses, each value once. */
function refused(candidates: Violation[], schema: Schema, check: SchemaCheck): Violation[] {
  const seen = new Set<string>();
  return candidates.filter((candidate) => {
    const key = JSON.stringify(candidate.value);
    if (seen.has(key) || check(schema, candidate.value)) return false;
    seen.add(key);
    return true;
  });
}
