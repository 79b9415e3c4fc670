import { ApiError } from '../model/api-error.ts';
import type { IncomingRequest } from './incoming-request.ts';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
// Fatal decoding: invalid UTF-8 is refused rather than stored as U+FFFD (found by fuzzing).
const UTF8 = new TextDecoder('utf-8', { fatal: true });
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
// With the `u` flag a pair is one code point, so only a surrogate without its partner matches.
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Reads and parses a JSON request body: 415 unless it is JSON (before reading it), 413 past
 * `limit` bytes (on `Content-Length` first, then as it arrives), 400 when it does not parse or
 * holds a string that is not Unicode text.
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
  let text: string;
  let value: unknown;
  try {
    text = UTF8.decode(bytes);
    value = JSON.parse(text);
  } catch (error) {
    throw new ApiError('malformed_json', `The request body is not valid JSON: ${(error as Error).message}`);
  }
  if (hasUnpairedSurrogate(text, value)) {
    throw new ApiError(
      'malformed_json',
      'The request body is not valid JSON text: a string holds an unpaired surrogate (\\uD800-\\uDFFF).',
    );
  }
  return value;
}

/**
 * Whether a parsed body holds a string (or a member name) with an unpaired surrogate, which is not
 * text: each store would keep it differently (PostgreSQL as U+FFFD). Only `\uD8xx`-style escapes
 * in the JSON make one, so bodies without them are not walked. The walk keeps its own stack: a body
 * may nest deeper than the call stack goes.
 */
function hasUnpairedSurrogate(text: string, value: unknown): boolean {
  if (!SURROGATE_ESCAPE.test(text)) return false;
  const pending = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (LONE_SURROGATE.test(item)) return true;
    } else if (Array.isArray(item)) {
      for (const element of item) pending.push(element);
    } else if (item !== null && typeof item === 'object') {
      for (const [name, member] of Object.entries(item)) pending.push(name, member);
    }
  }
  return false;
}
