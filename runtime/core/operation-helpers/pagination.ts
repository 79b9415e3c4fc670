import { INVALID_CURSOR, type PageRequest, pageRequest } from '../../domain/pagination.ts';
import { ApiError } from '../model/api-error.ts';

/** Reads `limit` and `cursor` from a validated query; a 400 `invalid_cursor` for a cursor we did not issue. */
export function pageQuery(query: Record<string, unknown>): PageRequest {
  const request = pageRequest(query);
  if (!request) {
    throw new ApiError(INVALID_CURSOR.code, INVALID_CURSOR.detail, {
      extensions: { errors: INVALID_CURSOR.errors },
    });
  }
  return request;
}
