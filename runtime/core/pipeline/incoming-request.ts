import type { RequestHeaders } from '../model/ports.ts';

/**
 * A JSON request body as an adapter hands it to the core: the parsed value, and the text it was
 * parsed from when the adapter kept it (the core checks it for text that is not Unicode).
 */
export interface JsonBody {
  value: unknown;
  text?: string | undefined;
}

/**
 * A request as an adapter hands it to the core: its parts, and the body to read on demand (after
 * authentication, so strangers cannot make the service read large uploads).
 */
export interface IncomingRequest {
  /** Upper-case method. */
  method: string;
  /** The path under the API's root, percent-encoded as sent, without the query. */
  path: string;
  /** Where the API's root is mounted (the mocks' base URL path, e.g. `/cms`); `''` at the origin's root. */
  base?: string;
  /** The query string, without `?`. */
  query: string;
  headers: RequestHeaders;
  /** The id the answer carries in `X-Request-Id`, chosen by the adapter (see `requestIdOf`). */
  requestId: string;
  /** Whether a body was sent at all. */
  hasBody: boolean;
  /** The client's address, for limits per client (failed authentication). */
  clientAddress(): string;
  /**
   * The JSON body, read and parsed by the adapter once the core has checked that it is JSON and
   * may be read; throws `payloadTooLarge(limit)` past `limit` bytes and `malformedJson` for a body
   * that does not parse (or is not UTF-8).
   */
  readJson(limit: number): Promise<JsonBody>;
  /** The request as a Web `Request`, for a protocol that reads it itself (`x-handled-by`). */
  webRequest(): Request;
  /** Awaited just before the operation runs: the mocks' forced latency. */
  pause?: () => Promise<void>;
}
