import type { ParameterShape, SchemaCheck } from '@course-service/contract-tests';
import fc from 'fast-check';
import { schemaArbitrary } from './schema-arbitrary.ts';
import type { FuzzSession } from './session.ts';

/** One generated parameter value (`undefined`: not sent) and whether the spec allows it (`undefined`: the spec cannot say). */
export interface ParameterChoice {
  parameter: ParameterShape;
  value: string | undefined;
  valid: boolean | undefined;
}

/**
 * Parameters whose schema-valid values may still be refused, as the spec says: an opaque cursor
 * the server did not issue (`invalid_cursor`), a protocol revision it does not serve, a usage range
 * whose `from` is not before its `to` (or more than 90 days before it), a leak report's signature
 * that no published key made (`invalid_report_signature`).
 */
const SEMANTIC = new Set([
  'cursor',
  'MCP-Protocol-Version',
  'from',
  'to',
  'Github-Public-Key-Identifier',
  'Github-Public-Key-Signature',
]);

/** Values that break some schema or other: types, ranges, lengths, encodings, traversal. */
const NASTY = [
  'abc',
  '-1',
  '0',
  '101',
  '1.5',
  '1e3',
  ' 5',
  'null',
  'true',
  '%00',
  '..',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>',
  '{}',
  '[]',
  'crs_',
  'crs_0000000000000000x',
  'key_000000000000000!',
  'x'.repeat(300),
  '\t',
  'a b',
  'ÿ',
  '💥',
];

/** Values that exist on the target, so that some requests reach real records. */
function knownValues(parameter: ParameterShape, session: FuzzSession): string[] {
  if (parameter.name === 'courseId') return session.courseIds;
  if (parameter.name === 'keyId') return session.revocableKeyIds;
  return [];
}

/** Header values must be ISO-8859-1 text without line breaks to be sent at all. */
const sendableInHeader = (value: string) => /^[\x20-\x7E\t]*$/.test(value) && value.trim() === value;

/**
 * Values for one parameter: valid ones from its schema (and the session's real ids), invalid ones
 * from a list of troublemakers, or none. Validity is judged by the spec's schema, not assumed.
 *
 * @example fc.sample(parameterArbitrary(limit, session, check), 5);
 */
export function parameterArbitrary(
  parameter: ParameterShape,
  session: FuzzSession,
  check: SchemaCheck,
  document: Record<string, unknown>,
): fc.Arbitrary<ParameterChoice> {
  const judge = (value: string | undefined): ParameterChoice => {
    if (value === undefined) return { parameter, value, valid: !parameter.required };
    const valid = check(parameter.schema, value);
    return { parameter, value, valid: valid && SEMANTIC.has(parameter.name) ? undefined : valid };
  };
  const fromSchema = schemaArbitrary(document, parameter.schema).map((value) => String(value));
  const known = knownValues(parameter, session);
  const valid = known.length > 0 ? fc.oneof(fc.constantFrom(...known), fromSchema) : fromSchema;
  let values = fc.oneof(
    { arbitrary: valid, weight: 4 },
    { arbitrary: fc.constantFrom(...NASTY), weight: 1 },
    { arbitrary: fc.constant(undefined), weight: parameter.required ? 1 : 3 },
  );
  if (parameter.in === 'header')
    values = values.filter((value) => value === undefined || sendableInHeader(value));
  // A path segment of '.' or '..' is resolved away by the URL parser before it is ever sent.
  if (parameter.in === 'path')
    values = values.filter((value) => value !== undefined && value !== '' && value !== '.' && value !== '..');
  return values.map(judge);
}
