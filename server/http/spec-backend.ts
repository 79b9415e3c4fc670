import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { type Document, OpenAPIBackend } from 'openapi-backend';
import type { OpenApiDocument } from '../spec.ts';

/**
 * Builds the openapi-backend router and request validator for `document`, resolving all per-request
 * work once:
 * - `quick` mode: upstream would check the document against the OpenAPI 3.0 schema, which refuses
 *   3.1 (openapistack/openapi-backend#532; Redocly lints the spec in CI instead), and compile
 *   response validators the server never uses (about a second of start-up);
 * - request validators compiled now with a JSON Schema 2020-12 Ajv (formats on, every error
 *   reported, query and path parameters coerced, defaults applied);
 * - the operation list frozen: upstream re-derives it on every request.
 */
export async function createSpecBackend(document: OpenApiDocument): Promise<OpenAPIBackend> {
  const backend = new OpenAPIBackend({
    // openapi-backend dereferences in place; the caller's document is also served as is.
    definition: structuredClone(document) as unknown as Document,
    quick: true,
    coerceTypes: true,
    customizeAjv: (_ajv, ajvOpts) => {
      const ajv = new Ajv2020({ ...ajvOpts, allErrors: true, strict: false, useDefaults: true });
      addFormats.default(ajv);
      return ajv as never;
    },
  });
  await backend.init();
  backend.validator.preCompileRequestValidators();
  const operations = backend.router.getOperations();
  backend.router.getOperations = () => operations;
  return backend;
}
