import { resolveSchema, type SchemaCheck } from '@course-service/contract-tests';
import fc from 'fast-check';
import { schemaArbitrary } from './schema-arbitrary.ts';

type Schema = Record<string, unknown>;

/** The body part of a generated request: bytes, their `Content-Type`, and whether the spec allows them. */
export interface BodyChoice {
  label: string;
  bytes: Uint8Array | undefined;
  contentType: string | undefined;
  valid: boolean | undefined;
}

const encode = (text: string) => new TextEncoder().encode(text);
const JSON_TYPES = ['application/json', 'application/json; charset=utf-8'];
const ODD_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/jsonx',
];
/** Values of another type than any property of ours expects somewhere. */
const WRONG_VALUES: unknown[] = [null, 0, -1, 1.5, true, '', 'x', [], {}, ['x'], { a: 1 }];

/**
 * Body fields whose schema-valid values the service may still refuse, as the spec says: a webhook
 * endpoint's `url` must be https and its host must resolve, to public addresses only.
 */
const SEMANTIC_FIELDS = ['url'];

const hasSemanticField = (value: unknown) =>
  typeof value === 'object' && value !== null && SEMANTIC_FIELDS.some((name) => name in value);

/** Structural mutations of a valid value; each is kept only when the spec's schema refuses it. */
function mutations(value: unknown, schema: Schema): fc.Arbitrary<{ label: string; value: unknown }> {
  const record = (value ?? {}) as Record<string, unknown>;
  const names = Object.keys((schema.properties ?? {}) as Schema);
  const required = (schema.required ?? []) as string[];
  const choices: fc.Arbitrary<{ label: string; value: unknown }>[] = [
    fc.constantFrom(...WRONG_VALUES).map((wrong) => ({ label: 'a body of the wrong type', value: wrong })),
    fc
      .constantFrom('extra', '__proto__', 'constructor', 'id', 'status', 'ownerId', 'createdAt')
      .map((name) => ({ label: `an extra field '${name}'`, value: { ...record, [name]: 'x' } })),
  ];
  if (required.length > 0)
    choices.push(
      fc.constantFrom(...required).map((name) => {
        const { [name]: _, ...rest } = record;
        return { label: `the required field '${name}' missing`, value: rest };
      }),
    );
  if (names.length > 0)
    choices.push(
      // Text the backends cannot agree on: a control character (NUL and the rest of C0) in a field.
      fc
        .tuple(fc.constantFrom(...names), fc.integer({ min: 0, max: 0x1f }), fc.nat(40))
        .map(([name, code, at]) => {
          const text = typeof record[name] === 'string' ? (record[name] as string) : 'text';
          const where = Math.min(at, text.length);
          return {
            label: `U+${code.toString(16).padStart(4, '0').toUpperCase()} in the field '${name}'`,
            value: {
              ...record,
              [name]: text.slice(0, where) + String.fromCharCode(code) + text.slice(where),
            },
          };
        }),
      fc
        .tuple(fc.constantFrom(...names), fc.constantFrom(...WRONG_VALUES, 'x'.repeat(5001)))
        .map(([name, wrong]) => ({
          label: `the field '${name}' set to ${JSON.stringify(wrong).slice(0, 20)}`,
          value: { ...record, [name]: wrong },
        })),
    );
  return fc.oneof(...choices);
}

/** Byte-level trouble: huge, deeply nested, not JSON, not UTF-8, not text (an unpaired surrogate). */
function byteMutations(valid: unknown): fc.Arbitrary<BodyChoice> {
  const text = JSON.stringify(valid);
  const json = (label: string, bytes: Uint8Array): BodyChoice => ({
    label,
    bytes,
    contentType: 'application/json',
    valid: false,
  });
  // An invalid UTF-8 byte inside the first string value, or in place of the whole body.
  const quote = text.indexOf(':"');
  const utf8 = encode(text);
  const broken =
    quote === -1
      ? Uint8Array.of(0x7b, 0xff, 0x7d)
      : Uint8Array.of(...utf8.slice(0, quote + 2), 0xff, 0xfe, ...utf8.slice(quote + 2));
  return fc.oneof(
    fc
      .integer({ min: 70_000, max: 200_000 })
      .map((size) => json(`a ${size}-byte body`, encode(`{"name":"${'x'.repeat(size)}"}`))),
    fc
      .integer({ min: 1_000, max: 30_000 })
      .map((depth) => json(`JSON nested ${depth} deep`, encode(`${'['.repeat(depth)}${']'.repeat(depth)}`))),
    fc
      .integer({ min: 1_000, max: 10_000 })
      .map((depth) =>
        json(`objects nested ${depth} deep`, encode(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`)),
      ),
    fc
      .constantFrom('{', '{"name":', 'nul', '{"a":1,}', "{'a':1}", '\u0000')
      .map((bad) => json(`malformed JSON ${JSON.stringify(bad)}`, encode(bad))),
    fc.constant(json('invalid UTF-8 in a string', broken)),
    fc
      .constantFrom('\\ud800', '\\udfff', 'x\\ud83d')
      .map((lone) => json(`an unpaired surrogate ${lone}`, encode(`{"name":"${lone}","description":""}`))),
  );
}

/**
 * Request bodies for an operation: valid ones from its schema (mostly), structurally invalid
 * ones, byte-level trouble, no body, and valid JSON under odd content types.
 *
 * @example fc.sample(bodyArbitrary(document, { $ref: '#/components/schemas/CourseCreate' }, true, check), 5);
 */
export function bodyArbitrary(
  document: Schema,
  schema: Schema,
  required: boolean,
  check: SchemaCheck,
): fc.Arbitrary<BodyChoice> {
  const resolved = resolveSchema(document, schema);
  const valid = schemaArbitrary(document, schema);
  const asJson = (label: string, value: unknown, contentType: string): BodyChoice => ({
    label,
    bytes: encode(JSON.stringify(value)),
    contentType,
    valid: check(schema, value) && !hasSemanticField(value) ? true : check(schema, value) ? undefined : false,
  });
  return fc.oneof(
    {
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...JSON_TYPES))
        .map(([v, type]) => asJson('a generated body', v, type)),
      weight: 6,
    },
    {
      arbitrary: valid
        .chain((v) => mutations(v, resolved))
        .map((m) => asJson(m.label, m.value, 'application/json'))
        .filter((choice) => choice.valid === false),
      weight: 3,
    },
    { arbitrary: valid.chain(byteMutations), weight: 1 },
    {
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...ODD_TYPES))
        .map(
          ([v, type]): BodyChoice => ({ ...asJson(`a JSON body sent as ${type}`, v, type), valid: false }),
        ),
      weight: 1,
    },
    {
      arbitrary: fc.constant<BodyChoice>({
        label: 'no body',
        bytes: undefined,
        contentType: undefined,
        valid: !required,
      }),
      weight: 1,
    },
  );
}
