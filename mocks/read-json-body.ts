import { MockApiError } from './mock-error.ts';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * Reads a request's JSON body as the server does: `undefined` when there is none, 415 unless it is
 * JSON, 413 past `limit` bytes, 400 `malformed_json` when it does not parse.
 *
 * @example const body = await readJsonBody(request, 65_536);
 */
export async function readJsonBody(request: Request, limit: number): Promise<unknown> {
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.length === 0) return undefined;
  if (!JSON_TYPE.test(request.headers.get('content-type') ?? '')) {
    throw new MockApiError('unsupported_media_type', "Send the body as 'Content-Type: application/json'.");
  }
  if (bytes.length > limit)
    throw new MockApiError('payload_too_large', `The request body exceeds ${limit} bytes.`);
  try {
    // Fatal decoding, as the server: invalid UTF-8 is refused, never stored as U+FFFD.
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (error) {
    throw new MockApiError(
      'malformed_json',
      `The request body is not valid JSON: ${(error as Error).message}`,
    );
  }
}

/**
 * The media type of a request (`content-type` without parameters, lower case).
 *
 * @example mediaTypeOf(new Headers({ 'Content-Type': 'application/json; charset=utf-8' })) // 'application/json'
 */
export function mediaTypeOf(headers: Headers): string {
  return (headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}
