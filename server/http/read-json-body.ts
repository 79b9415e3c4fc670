import type { IncomingMessage } from 'node:http';
import { ApiError } from './api-error.ts';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** Whether the request carries a body at all. */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Reads and parses a JSON request body: 415 unless it is JSON, 413 past `limit` bytes (checked on
 * `Content-Length` first, then while streaming), 400 when it does not parse. `undefined` when the
 * request has no body.
 */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  if (!hasBody(req)) return undefined;
  if (!JSON_TYPE.test(req.headers['content-type'] ?? '')) {
    req.resume();
    throw new ApiError('unsupported_media_type', "Send the body as 'Content-Type: application/json'.");
  }
  if (Number(req.headers['content-length']) > limit) {
    req.resume();
    throw payloadTooLarge(limit);
  }
  const bytes = await readBytes(req, limit);
  try {
    // Fatal decoding: invalid UTF-8 is refused rather than stored as U+FFFD (found by fuzzing).
    return JSON.parse(UTF8.decode(bytes));
  } catch (error) {
    throw new ApiError('malformed_json', `The request body is not valid JSON: ${(error as Error).message}`);
  }
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

function payloadTooLarge(limit: number): ApiError {
  return new ApiError('payload_too_large', `The request body exceeds ${limit} bytes.`, {
    headers: { Connection: 'close' },
  });
}

/**
 * Collects the body; past `limit` it stops keeping data, drains the rest and rejects. The
 * listeners are inline on purpose: tsx names every function bound to a local (an extra
 * `defineProperty` per request on this hot path).
 */
function readBytes(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      // Keep draining so the 413 can still be written on this connection, but keep nothing.
      else if (size - chunk.length <= limit) reject(payloadTooLarge(limit));
    });
    req.on('end', () => {
      if (size <= limit) resolve(Buffer.concat(chunks, size));
    });
    req.on('error', reject);
  });
}
