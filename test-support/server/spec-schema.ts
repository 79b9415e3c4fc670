import { openApiDocument } from '@course-service/runtime';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);
ajv.addSchema(openApiDocument as object, 'openapi.json');

/**
 * A validator of the spec's schema `name` (`#/components/schemas/<name>`), its `$ref`s resolved
 * in the whole document.
 *
 * @example expect(specSchema('CourseEvent')(event)).toBe(true)
 */
export function specSchema(name: string): ValidateFunction {
  const validate = ajv.getSchema(`openapi.json#/components/schemas/${name}`);
  if (!validate) throw new Error(`the spec has no schema '${name}'`);
  return validate;
}
