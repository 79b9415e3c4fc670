import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { OpenApiDocument } from './spec-document.ts';

/** The id under which the whole spec is added to Ajv; validators point into it by JSON Pointer. */
const SPEC_ID = 'openapi.json';

/**
 * A JSON Schema 2020-12 Ajv holding the whole spec, so that schemas may `$ref` any part of it as
 * `openapi.json#/components/…`. Formats on and every error reported, as the server validates.
 *
 * @example specAjv(openApiDocument).compile({ $ref: 'openapi.json#/components/schemas/Course' })
 */
export function specAjv(document: OpenApiDocument, options: { coerceTypes?: boolean } = {}): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: false, ...options });
  addFormats.default(ajv);
  ajv.addSchema(document, SPEC_ID);
  return ajv;
}

/**
 * A `$ref` to a node of the spec by its path segments.
 *
 * @example specRef(['components', 'schemas', 'Course']) // { $ref: 'openapi.json#/components/schemas/Course' }
 */
export function specRef(parts: readonly string[]): { $ref: string } {
  return { $ref: `${SPEC_ID}#/${parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}` };
}
