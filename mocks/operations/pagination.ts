import { INVALID_CURSOR, type PageRequest, pageRequest } from '../../domain/pagination.ts';
import { MockApiError } from '../mock-error.ts';

/**
 * Reads `limit` and `cursor` from a validated query; a 400 `invalid_cursor`, as the server sends,
 * for a cursor the mock did not issue.
 *
 * @example pageQuery({ limit: 2 }) // { limit: 2, beforeSeq: undefined }
 */
export function pageQuery(query: Record<string, unknown>): PageRequest {
  const request = pageRequest(query);
  if (!request) {
    throw new MockApiError(INVALID_CURSOR.code, INVALID_CURSOR.detail, {
      extensions: { errors: INVALID_CURSOR.errors },
    });
  }
  return request;
}
