import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Schema = Record<string, unknown>;

/** Says whether a value is valid against a schema of the spec, as the server's validator would. */
export type SchemaCheck = (schema: Schema, value: unknown) => boolean;

/**
 * Validates request values (bodies, parameters) against the spec's schemas, so the fuzzer and the
 * generic checks know from the contract itself (not from their own intentions) whether a request
 * they built is valid.
 * Parameters are coerced from text as openapi-backend coerces them; `coerce: false` judges a JSON
 * body, which the server takes as it is (`{"name": 42}` is no name).
 *
 * @example const valid = requestSchemaCheck(document)(schema, { name: 'x', description: '' });
 */
export function requestSchemaCheck(document: Schema, coerce = true): SchemaCheck {
  const ajv = new Ajv2020({ strict: false, allowUnionTypes: true, coerceTypes: coerce });
  addFormats.default(ajv);
  ajv.addSchema(document, 'openapi.json');
  const compiled = new WeakMap<Schema, ReturnType<typeof ajv.compile>>();
  return (schema, value) => {
    let validate = compiled.get(schema);
    if (!validate) {
      // `$ref`s inside the fragment point into the whole document added above.
      validate = ajv.compile(
        JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/', '"$ref":"openapi.json#/')),
      );
      compiled.set(schema, validate);
    }
    // Coercion changes values in place: check a copy.
    return validate(structuredClone(value)) === true;
  };
}
