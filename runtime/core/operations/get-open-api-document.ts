import { ifNoneMatchHits } from '../../domain/etag.ts';
import { Reply } from '../model/results.ts';
import type { OperationHandler } from '../operation-helpers/operation.ts';

const CACHE_CONTROL = 'public, max-age=300';

/** `GET /api/openapi`: the spec as JSON, parsed once at start, with a strong ETag. */
export const getOpenApiDocument: OperationHandler = async ({ headers }, { spec }) => {
  if (ifNoneMatchHits(headers['if-none-match'] as string | undefined, spec.etag))
    return new Reply(304, undefined, { ETag: spec.etag });
  return new Reply(200, spec.json, {
    ETag: spec.etag,
    'Cache-Control': CACHE_CONTROL,
    'Content-Type': 'application/json',
  });
};
