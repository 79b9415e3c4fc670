import { etagOf, ifNoneMatchHits } from '../../domain/etag.ts';
import { MockReply } from './operation.ts';

/**
 * A read the client may make conditional, as the server answers it: `200` with an `ETag` of the
 * bytes sent, or `304` without a body when `If-None-Match` still matches.
 *
 * @example conditionalRead(new Headers({ 'If-None-Match': etag }), course) // MockReply 304
 */
export function conditionalRead(headers: Headers, body: unknown): MockReply {
  const etag = etagOf(JSON.stringify(body));
  if (ifNoneMatchHits(headers.get('if-none-match'), etag))
    return new MockReply(304, undefined, { ETag: etag });
  return new MockReply(200, body, { ETag: etag });
}
