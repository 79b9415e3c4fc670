import { ifNoneMatchHits } from '../../domain/etag.ts';
import { openApiEtag } from '../spec.gen.ts';
import { MockReply, type OperationHandler } from './operation.ts';

const CACHE_CONTROL = 'public, max-age=300';

/**
 * The service's own operations: its OpenAPI document (with `ETag` and `304`) and its health.
 *
 * @example serviceOperations.getHealth(input, context) // { status: 'ok', version: '1.1.0' }
 */
export const serviceOperations = {
  getOpenApiDocument({ headers }, { document }) {
    if (ifNoneMatchHits(headers.get('if-none-match'), openApiEtag))
      return new MockReply(304, undefined, { ETag: openApiEtag });
    return new MockReply(200, document, {
      ETag: openApiEtag,
      'Cache-Control': CACHE_CONTROL,
      'Content-Type': 'application/json',
    });
  },
  getHealth: (_input, { document }) => ({ status: 'ok', version: document.info.version }),
} satisfies Record<string, OperationHandler>;
