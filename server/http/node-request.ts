import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { Context } from 'koa';
import { ApiError, type IncomingRequest } from '../../core/index.ts';

/** Whether a request carries a body at all, by its framing headers. */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Collects up to `limit` bytes of the body; past it, stops keeping data but goes on reading (so a
 * client still sending can read the answer) and resolves `'too_large'`. The listeners are inline
 * on purpose: tsx names every function bound to a local, an extra `defineProperty` per request.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Uint8Array | 'too_large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else if (size - chunk.length <= limit) resolve('too_large');
    });
    req.on('end', () => {
      if (size <= limit) resolve(Buffer.concat(chunks, size));
    });
    // The connection ended mid-body (the client left, or a 408 cut it): nobody waits for an answer,
    // but the request still ends as a client's mistake rather than as an error of ours.
    req.on('error', (cause) => reject(new ApiError('malformed_request', INCOMPLETE, { cause })));
  });
}

const INCOMPLETE = 'The connection closed before the request body ended.';

/**
 * The request as a Web `Request`, its body streamed; aborted when the client goes away before the
 * answer. A client already gone (its body stream destroyed, which no `Request` can take) made a
 * client's mistake: `400 malformed_request`, as a body cut short anywhere else.
 */
function webRequest(req: IncomingMessage, res: ServerResponse, url: string): Request {
  if (req.destroyed || res.destroyed) throw new ApiError('malformed_request', INCOMPLETE);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const aborted = new AbortController();
  // The response's `close`, not the request's: a request closes as soon as its body has been read.
  res.once('close', () => aborted.abort());
  const method = req.method ?? 'GET';
  const withBody = method !== 'GET' && method !== 'HEAD';
  return new Request(`http://localhost${url}`, {
    method,
    headers,
    signal: aborted.signal,
    ...(withBody && { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' }),
  } as RequestInit);
}

/**
 * A Koa request as the core's {@link IncomingRequest}. A class, not an object of closures: one is
 * made per request, and its methods are shared. The client's address (with `TRUST_PROXY`, from
 * `X-Forwarded-For`) is worked out only when a limit asks for it.
 */
export class KoaRequest implements IncomingRequest {
  readonly method: string;
  readonly headers: IncomingRequest['headers'];
  readonly hasBody: boolean;

  constructor(
    private readonly ctx: Context,
    readonly path: string,
    readonly query: string,
    readonly requestId: string,
  ) {
    this.method = ctx.method;
    this.headers = ctx.req.headers;
    this.hasBody = hasBody(ctx.req);
  }

  clientAddress(): string {
    return this.ctx.ip;
  }

  readBody(limit: number): Promise<Uint8Array | 'too_large'> {
    return readBody(this.ctx.req, limit);
  }

  webRequest(): Request {
    return webRequest(this.ctx.req, this.ctx.res, this.ctx.req.url ?? this.path);
  }
}
