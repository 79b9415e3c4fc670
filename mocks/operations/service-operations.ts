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
    const validators = (headers.get('if-none-match') ?? '')
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''));
    if (validators.includes(openApiEtag) || validators.includes('*'))
      return new MockReply(304, undefined, { ETag: openApiEtag });
    return new MockReply(200, document, {
      ETag: openApiEtag,
      'Cache-Control': CACHE_CONTROL,
      'Content-Type': 'application/json',
    });
  },
  getHealth: (_input, { document }) => ({ status: 'ok', version: document.info.version }),
} satisfies Record<string, OperationHandler>;
