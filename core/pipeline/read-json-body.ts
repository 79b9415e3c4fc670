import { ApiError } from '../model/api-error.ts';
import type { IncomingRequest } from './incoming-request.ts';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
// Fatal decoding: invalid UTF-8 is refused rather than stored as U+FFFD (found by fuzzing).
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads and parses a JSON request body: 415 unless it is JSON (before reading it), 413 past
 * `limit` bytes (on `Content-Length` first, then as it arrives), 400 when it does not parse.
 * `undefined` when the request has no body.
 */
export async function readJsonBody(request: IncomingRequest, limit: number): Promise<unknown> {
  if (!request.hasBody) return undefined;
  const contentType = request.headers['content-type'];
  if (!JSON_TYPE.test(typeof contentType === 'string' ? contentType : '')) {
    throw new ApiError('unsupported_media_type', "Send the body as 'Content-Type: application/json'.");
  }
  const declared = Number(request.headers['content-length']);
  const bytes = declared > limit ? 'too_large' : await request.readBody(limit);
  if (bytes === 'too_large')
    throw new ApiError('payload_too_large', `The request body exceeds ${limit} bytes.`);
  try {
    return JSON.parse(UTF8.decode(bytes));
  } catch (error) {
    throw new ApiError('malformed_json', `The request body is not valid JSON: ${(error as Error).message}`);
  }
}
