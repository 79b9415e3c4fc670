import { type OperationHandler, Reply } from './operation.ts';

const CACHE_CONTROL = 'public, max-age=300';

/** `GET /api/openapi`: the spec as JSON, parsed once at start, with a strong ETag. */
export const getOpenApiDocument: OperationHandler = async ({ headers }, { spec }) => {
  const validators = String(headers['if-none-match'] ?? '')
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''));
  if (validators.includes(spec.etag) || validators.includes('*'))
    return new Reply(304, undefined, { ETag: spec.etag });
  return new Reply(200, spec.json, {
    ETag: spec.etag,
    'Cache-Control': CACHE_CONTROL,
    'Content-Type': 'application/json',
  });
};
