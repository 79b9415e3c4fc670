import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { type Document, OpenAPIBackend } from 'openapi-backend';
import type { OpenApiDocument } from './openapi-document.ts';
import { withSafeUniqueItems } from './safe-unique-items.ts';

/**
 * Builds the openapi-backend router and request validator for `document`, resolving all per-request
 * work once:
 * - `quick` mode: upstream would check the document against the OpenAPI 3.0 schema, which refuses
 *   3.1 (openapistack/openapi-backend#532; Redocly lints the spec in CI instead), and compile
 *   response validators the server never uses (about a second of start-up);
 * - request validators compiled with a JSON Schema 2020-12 Ajv (formats on, every error
 *   reported, query and path parameters coerced, defaults applied), on demand: the router
 *   compiles them on first use or in the background (`compileInBackground`);
 * - the operation list frozen: upstream re-derives it on every request.
 */
export async function createSpecBackend(document: OpenApiDocument): Promise<OpenAPIBackend> {
  const shared: { coercing?: Ajv2020; strict?: Ajv2020 } = {};
  const backend = new OpenAPIBackend({
    // openapi-backend dereferences in place; the caller's document is also served as is.
    definition: structuredClone(document) as unknown as Document,
    quick: true,
    coerceTypes: true,
    // One Ajv per option set (parameters are coerced, bodies never) rather than upstream's one per
    // operation and context: building and compiling them was most of the start-up time.
    customizeAjv: (_ajv, ajvOpts) => {
      const key = ajvOpts.coerceTypes ? 'coercing' : 'strict';
      shared[key] ??= withSafeUniqueItems(
        addFormats.default(new Ajv2020({ ...ajvOpts, allErrors: true, strict: false, useDefaults: true })),
      );
      return shared[key] as never;
    },
  });
  await backend.init();
  const operations = backend.router.getOperations();
  backend.router.getOperations = () => operations;
  return backend;
}
