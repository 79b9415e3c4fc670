import { ApiError } from '../model/api-error.ts';
import type { IncomingRequest, JsonBody } from './incoming-request.ts';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
// Fatal decoding: invalid UTF-8 is refused rather than stored as U+FFFD (found by fuzzing).
const UTF8 = new TextDecoder('utf-8', { fatal: true });
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
// With the `u` flag a pair is one code point, so only a surrogate without its partner matches.
const LONE_SURROGATE = /\p{Cs}/u;

/** The `413` of a body past `limit` bytes, however an adapter found out. */
export function payloadTooLarge(limit: number): ApiError {
  return new ApiError('payload_too_large', `The request body exceeds ${limit} bytes.`);
}

/** The `400 malformed_json` of a body that does not parse, with the parser's reason. */
export function malformedJson(reason: string): ApiError {
  return new ApiError('malformed_json', `The request body is not valid JSON: ${reason}`);
}

/**
 * A body's bytes as a {@link JsonBody}, for adapters that hold the bytes themselves (the mocks):
 * `400 malformed_json` unless they are UTF-8 that parses.
 */
export function parseJsonBytes(bytes: Uint8Array): JsonBody {
  try {
    const text = UTF8.decode(bytes);
    return { value: JSON.parse(text), text };
  } catch (error) {
    throw malformedJson((error as Error).message);
  }
}

/**
 * The JSON request body, as the core takes it from every adapter: 415 unless it is JSON (before
 * it is read), 413 for a `Content-Length` past `limit` (before it is read), then the body as the
 * adapter read and parsed it (its own 413 and 400 as it arrived), refused with 400 when it is empty
 * or holds a string that is not Unicode text. `undefined` when the request has no body.
 */
export async function readJsonBody(request: IncomingRequest, limit: number): Promise<unknown> {
  return (await readJsonBodyText(request, limit))?.value;
}

/** {@link readJsonBody}, with the body's text as sent when the adapter has it (a signature covers it). */
export async function readJsonBodyText(
  request: IncomingRequest,
  limit: number,
): Promise<JsonBody | undefined> {
  if (!request.hasBody) return undefined;
  const contentType = request.headers['content-type'];
  if (!JSON_TYPE.test(typeof contentType === 'string' ? contentType : '')) {
    throw new ApiError('unsupported_media_type', "Send the body as 'Content-Type: application/json'.");
  }
  if (Number(request.headers['content-length']) > limit) throw payloadTooLarge(limit);
  const { value, text } = await request.readJson(limit);
  // Parsers that take an empty body for `{}` or `''` (co-body's) must not make it a valid one.
  if (text !== undefined && text.trim() === '') throw malformedJson('Unexpected end of JSON input');
  if (hasUnpairedSurrogate(text, value)) {
    throw new ApiError(
      'malformed_json',
      'The request body is not valid JSON text: a string holds an unpaired surrogate (\\uD800-\\uDFFF).',
    );
  }
  return { value, text };
}

/**
 * Whether a parsed body holds a string (or a member name) with an unpaired surrogate, which is not
 * text: each store would keep it differently (PostgreSQL as U+FFFD). Only `\uD8xx`-style escapes
 * in the JSON make one, so bodies whose text has none are not walked (without the text, every body
 * is). The walk keeps its own stack: a body may nest deeper than the call stack goes.
 */
function hasUnpairedSurrogate(text: string | undefined, value: unknown): boolean {
  if (text !== undefined && !SURROGATE_ESCAPE.test(text)) return false;
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
