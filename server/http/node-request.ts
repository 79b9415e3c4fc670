import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import {
  ApiError,
  type IncomingRequest,
  type JsonBody,
  malformedJson,
  payloadTooLarge,
} from '@course-service/runtime';
import type { Context, Middleware } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { problemOfMiddlewareError } from './middleware-errors.ts';

/** Whether a request carries a body at all, by its framing headers. */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

const INCOMPLETE = 'The connection closed before the request body ended.';

/** The types `koa-body` parses as JSON: every `application/*+json`, as the core accepts. */
const JSON_TYPES = ['application/json', 'application/*+json'];
const NOTHING = async () => {};

/**
 * Watches the body's bytes as they flow to the parser, for UTF-8 that is not valid: the parser
 * decodes with U+FFFD in its place, and a body that is not text is refused rather than stored
 * altered. Returns the check to run once the body is read; compressed bodies are not watched.
 */
function watchUtf8(req: IncomingMessage): () => void {
  if ((req.headers['content-encoding'] ?? 'identity') !== 'identity') return () => {};
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let invalid: Error | undefined;
  const watch = (chunk: Buffer) => {
    if (invalid) return;
    try {
      decoder.decode(chunk, { stream: true });
    } catch (error) {
      invalid = error as Error;
    }
  };
  req.on('data', watch);
  return () => {
    req.off('data', watch);
    try {
      if (!invalid) decoder.decode();
    } catch (error) {
      invalid = error as Error;
    }
    if (invalid) throw malformedJson(invalid.message);
  };
}

const parsers = new Map<number, Middleware>();

/**
 * `koa-body` taking JSON only, up to `limit` bytes, on any method (the core asks for a body only
 * where the operation takes one). Made once per limit, as a middleware is mounted once: `koaBody()`
 * checks its options each time it is called.
 */
function jsonParser(limit: number): Middleware {
  let parser = parsers.get(limit);
  if (!parser) {
    parser = koaBody({
      jsonLimit: limit,
      jsonStrict: false,
      jsonTypes: JSON_TYPES,
      includeUnparsed: true,
      urlencoded: false,
      text: false,
      multipart: false,
      parsedMethods: Object.values(HttpMethodEnum),
    });
    parsers.set(limit, parser);
  }
  return parser;
}

/**
 * Reads the JSON body with `koa-body`, as any Koa middleware finds it afterwards
 * (`ctx.request.body`, and its text as `ctx.request.rawBody`), with the service's limit and
 * problems: past the limit, the parser stops reading and the answer goes out while the client may
 * still be sending (the request frame closes that connection lingering).
 */
async function readWithKoaBody(ctx: Context, limit: number): Promise<void> {
  const parser = jsonParser(limit);
  const checkUtf8 = watchUtf8(ctx.req);
  try {
    await parser(ctx, NOTHING);
  } catch (error) {
    const { status, type } = error as { status?: number; type?: string };
    if (status === 413) throw payloadTooLarge(limit);
    if (type === 'request.aborted' || !ctx.req.complete)
      throw new ApiError('malformed_request', INCOMPLETE, { cause: error });
    throw problemOfMiddlewareError(error) ?? error;
  }
  checkUtf8();
}

/**
 * The body as a parser in front of the service (an embedder's `koa-body` or `@koa/bodyparser`)
 * left it, held to the service's limit: by its text when the parser kept it, else by the size of
 * the value it parsed.
 */
function parsedInFront(ctx: Context, limit: number): JsonBody {
  const { body: value, rawBody: text } = ctx.request;
  if (value === undefined) throw new ApiError('malformed_request', INCOMPLETE);
  const size = Buffer.byteLength(text ?? JSON.stringify(value));
  if (size > limit) throw payloadTooLarge(limit);
  return { value, text };
}

/**
 * The request as a Web `Request`, aborted when the client goes away before the answer: its body
 * streamed, or, when a parser in front of the service has read it, the text it read. A client
 * already gone (its body stream destroyed, which no `Request` can take) made a client's mistake:
 * `400 malformed_request`, as a body cut short anywhere else.
 */
function webRequest(ctx: Context): Request {
  const { req, res } = ctx;
  const consumed = req.readableEnded;
  if (!consumed && (req.destroyed || res.destroyed)) throw new ApiError('malformed_request', INCOMPLETE);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const aborted = new AbortController();
  // The response's `close`, not the request's: a request closes as soon as its body has been read.
  res.once('close', () => aborted.abort());
  const method = req.method ?? 'GET';
  const withBody = method !== 'GET' && method !== 'HEAD';
  const read = ctx.request.rawBody ?? JSON.stringify(ctx.request.body ?? '');
  if (consumed) headers.delete('content-length');
  const body = consumed ? read : (Readable.toWeb(req) as ReadableStream);
  return new Request(`http://localhost${req.url ?? ctx.path}`, {
    method,
    headers,
    signal: aborted.signal,
    ...(withBody && { body, duplex: 'half' }),
  } as RequestInit);
}

/**
 * A Koa request as the core's {@link IncomingRequest}. A class, not an object of closures: one is
 * made per request, and its methods are shared. The client's address (with `TRUST_PROXY`, from
 * `X-Forwarded-For`) is worked out only when a limit asks for it. The body is read by `koa-body`
 * when the core asks for it, unless a parser in front of the service has read it already.
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

  async readJson(limit: number): Promise<JsonBody> {
    const { ctx } = this;
    if (ctx.req.readableEnded) return parsedInFront(ctx, limit);
    if (ctx.req.destroyed) throw new ApiError('malformed_request', INCOMPLETE);
    await readWithKoaBody(ctx, limit);
    const { body: value, rawBody: text } = ctx.request;
    // koa-body leaves alone a type it does not take for JSON, which the core did.
    if (text === undefined)
      throw new ApiError('unsupported_media_type', "Send the body as 'Content-Type: application/json'.");
    return { value, text };
  }

  webRequest(): Request {
    return webRequest(this.ctx);
  }
}
