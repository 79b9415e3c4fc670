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
  const tooLarge = () =>
    new ApiError('payload_too_large', `The request body exceeds ${limit} bytes.`, {
      headers: { Connection: 'close' },
    });
  if (Number(req.headers['content-length']) > limit) {
    req.resume();
    throw tooLarge();
  }
  const bytes = await readBytes(req, limit, tooLarge);
  try {
    // Fatal decoding: invalid UTF-8 is refused rather than stored as U+FFFD (found by fuzzing).
    return JSON.parse(UTF8.decode(bytes));
  } catch (error) {
    throw new ApiError('malformed_json', `The request body is not valid JSON: ${(error as Error).message}`);
  }
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Collects the body; past `limit` it stops keeping data, drains the rest and rejects. */
function readBytes(req: IncomingMessage, limit: number, tooLarge: () => ApiError): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      // Keep draining so the 413 can still be written on this connection, but keep nothing.
      req.off('data', onData).off('end', onEnd).resume();
      reject(tooLarge());
    };
    const onEnd = () => resolve(Buffer.concat(chunks, size));
    req.on('data', onData).on('end', onEnd).on('error', reject);
  });
}
