import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { type Document, OpenAPIBackend } from 'openapi-backend';
import type { OpenApiDocument } from '../spec.ts';

/**
 * openapi-backend for an OpenAPI 3.1 document. Upstream checks documents against the 3.0 schema
 * (openapistack/openapi-backend#532), so the document is taken as is here: the spec is linted by
 * Redocly in CI instead.
 */
class OpenApi31Backend extends OpenAPIBackend {
  override validateDefinition(): Document {
    return this.document;
  }
}

/**
 * Builds and initialises the openapi-backend router and validator for `document`, with a
 * JSON Schema 2020-12 Ajv (formats on, every error reported), and freezes its operation list:
 * upstream re-derives it on every request, which made routing cost grow with the spec.
 */
export async function createSpecBackend(document: OpenApiDocument): Promise<OpenAPIBackend> {
  const backend = new OpenApi31Backend({
    // openapi-backend dereferences in place; the caller's document is also served as is.
    definition: structuredClone(document) as unknown as Document,
    strict: true,
    coerceTypes: true,
    ajvOpts: { allErrors: true, strict: false },
    customizeAjv: (_ajv, ajvOpts) => {
      const ajv = new Ajv2020({ ...ajvOpts, allErrors: true, strict: false });
      addFormats.default(ajv);
      return ajv as never;
    },
  });
  await backend.init();
  const operations = backend.router.getOperations();
  backend.router.getOperations = () => operations;
  return backend;
}
