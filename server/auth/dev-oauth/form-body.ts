import { ApiError } from '@course-service/runtime';
import type { Context } from 'koa';

/**
 * The body of a small request as text; 413 past `limit` bytes. The rest is read and dropped, not
 * left unread: leaving a loop over the request early would destroy it before the 413 is written.
 */
async function readText(ctx: Context, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    }
  } catch (cause) {
    // The client left mid-body: its mistake, as in the API's own body reader, never a 500.
    throw new ApiError('malformed_request', 'The connection closed before the request body ended.', {
      cause,
    });
  }
  if (size > limit) throw new ApiError('payload_too_large', `The body is larger than ${limit} bytes.`);
  return Buffer.concat(chunks).toString('utf8');
}

/** An `application/x-www-form-urlencoded` body (OAuth's token and authorization requests). */
export async function formBody(ctx: Context, limit: number): Promise<URLSearchParams> {
  if (!ctx.is('application/x-www-form-urlencoded')) {
    throw new ApiError('unsupported_media_type', 'Send the form as application/x-www-form-urlencoded.');
  }
  return new URLSearchParams(await readText(ctx, limit));
}

/** A JSON object body (dynamic client registration). */
export async function jsonBody(ctx: Context, limit: number): Promise<Record<string, unknown>> {
  if (!ctx.is('application/json'))
    throw new ApiError('unsupported_media_type', 'Send the request as application/json.');
  const text = await readText(ctx, limit);
  try {
    const value = JSON.parse(text) as unknown;
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // Answered below, like any body that is not an object.
  }
  throw new ApiError('malformed_request', 'The body is not a JSON object.');
}
