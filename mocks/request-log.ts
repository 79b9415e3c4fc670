import type { OperationId } from '@course-service/runtime';

/** One request the mock answered, as a test asserts on it. */
export interface RecordedRequest {
  /** The operation it addressed, or `undefined` for a path the API does not have. */
  operationId: OperationId | undefined;
  /** Upper-case, e.g. `POST`. */
  method: string;
  /** The path under the mock's base URL, without the query, e.g. `/api/v1/courses`. */
  path: string;
  /**
   * The query parameters (the last value of a repeated one), credentials redacted: `access_token`,
   * `api_key`, `client_secret`, `password` and the like read `[redacted]`.
   */
  query: Record<string, string>;
  /**
   * The request headers, names in lower case. Credentials are redacted: `authorization` keeps its
   * scheme (`Bearer [redacted]`); `x-api-key`, `cookie` and `proxy-authorization` read `[redacted]`.
   */
  headers: Record<string, string>;
  /**
   * The body of a request to an operation: parsed when it is JSON, else its text; `undefined` when
   * there was none, when it was larger than the mock takes (`bodyLimitBytes`, answered `413`), or
   * for a path the API does not have, whose body may hold anything (a form's `client_secret`).
   */
  body: unknown;
  /** The status the mock answered, or `undefined` when it dropped the connection (a network error). */
  status: number | undefined;
}

/** Which recorded requests a lookup takes: every field given must be equal, or a predicate says. */
export type RequestMatch =
  | Partial<Pick<RecordedRequest, 'operationId' | 'method' | 'path' | 'status'>>
  | ((request: RecordedRequest) => boolean);

/**
 * What the mock received since it was created or last `reset()`, oldest first (the latest
 * {@link MAX_RECORDED_REQUESTS}): for asserting on what your application sent.
 *
 * @example
 * const create = await mock.requests.waitFor({ operationId: 'createCourse' });
 * expect(create.headers['idempotency-key']).toBeDefined();
 */
export interface RecordedRequests {
  /** Every request, oldest first. */
  all(): RecordedRequest[];
  /** The first request that matches, or `undefined`. */
  find(match: RequestMatch): RecordedRequest | undefined;
  /** Every request that matches, oldest first. */
  filter(match: RequestMatch): RecordedRequest[];
  /**
   * The first request that matches, as soon as the mock has answered it (at once if it already
   * has); rejects after `timeout` milliseconds (default 2000), naming what was received instead.
   */
  waitFor(match: RequestMatch, options?: { timeout?: number | undefined }): Promise<RecordedRequest>;
}

/** The log behind {@link RecordedRequests}: the mock records into it and clears it on `reset()`. */
export interface RequestLog {
  readonly requests: RecordedRequests;
  /** Records an answered request; `path` is under the base URL, `status` `undefined` for a dropped connection. */
  record(
    request: Request,
    path: string,
    operationId: string | undefined,
    body: Uint8Array,
    status: number | undefined,
  ): void;
  clear(): void;
}

/** How many requests the log keeps: the latest, so a long run (a fuzzer's) does not grow without end. */
export const MAX_RECORDED_REQUESTS = 1000;

const REDACTED = '[redacted]';
const SECRET_HEADERS = new Set(['x-api-key', 'cookie', 'proxy-authorization']);

/**
 * The headers of `request` as a plain object, credentials redacted (the scheme of `Authorization`
 * stays, so a test can tell a bearer from another scheme).
 *
 * @example redactedHeaders(new Headers({ Authorization: 'Bearer cms_prod_…' })) // { authorization: 'Bearer [redacted]' }
 */
function redactedHeaders(headers: Headers): Record<string, string> {
  const plain: Record<string, string> = {};
  for (const [name, value] of headers) {
    if (name === 'authorization') {
      const scheme = value.trim().split(/\s+/)[0];
      plain[name] = value.trim().includes(' ') ? `${scheme} ${REDACTED}` : REDACTED;
    } else plain[name] = SECRET_HEADERS.has(name) ? REDACTED : value;
  }
  return plain;
}

// Query parameters that carry credentials by common convention (OAuth, API keys, signed URLs).
const SECRET_PARAMETERS = new Set([
  'access_token',
  'refresh_token',
  'id_token',
  'token',
  'api_key',
  'api-key',
  'apikey',
  'key',
  'client_secret',
  'secret',
  'password',
  'passwd',
  'auth',
  'authorization',
  'code',
  'signature',
  'sig',
]);

/**
 * The query of `url` as a plain object (the last value of a repeated parameter), the values of
 * credential parameters (`access_token`, `api_key`, `password`, … in any case) redacted.
 *
 * @example redactedQuery(new URL('http://x.test/a?limit=5&Access_Token=t')) // { limit: '5', Access_Token: '[redacted]' }
 */
function redactedQuery(url: URL): Record<string, string> {
  const plain: Record<string, string> = {};
  for (const [name, value] of url.searchParams)
    plain[name] = SECRET_PARAMETERS.has(name.toLowerCase()) ? REDACTED : value;
  return plain;
}

/**
 * A request body as a test reads it: parsed JSON when it parses, else its text; `undefined` if empty.
 *
 * @example bodyOf(new TextEncoder().encode('{"name":"A"}'), 65_536) // { name: 'A' }
 */
function bodyOf(bytes: Uint8Array, maxBytes: number): unknown {
  if (bytes.length === 0 || bytes.length > maxBytes) return undefined;
  const text = new TextDecoder().decode(bytes);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function matcher(match: RequestMatch): (request: RecordedRequest) => boolean {
  if (typeof match === 'function') return match;
  const wanted = Object.entries(match).filter(([, value]) => value !== undefined);
  return (request) => wanted.every(([field, value]) => request[field as keyof RecordedRequest] === value);
}

const describeMatch = (match: RequestMatch) =>
  typeof match === 'function' ? 'the predicate' : JSON.stringify(match);
const describeRequest = (r: RecordedRequest) =>
  `${r.method} ${r.path} (${r.operationId ?? 'no operation'}) ${r.status ?? 'network error'}`;

/**
 * Creates an empty request log that keeps bodies up to `maxBodyBytes`.
 *
 * @example const log = createRequestLog(65_536); log.requests.find({ operationId: 'listCourses' });
 */
export function createRequestLog(maxBodyBytes: number): RequestLog {
  let recorded: RecordedRequest[] = [];
  const waiters = new Set<(request: RecordedRequest) => void>();
  const requests: RecordedRequests = {
    all: () => [...recorded],
    find: (match) => recorded.find(matcher(match)),
    filter: (match) => recorded.filter(matcher(match)),
    waitFor(match, { timeout = 2_000 } = {}) {
      const matches = matcher(match);
      const found = recorded.find(matches);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = (request: RecordedRequest) => {
          if (!matches(request)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(request);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const received = recorded.map(describeRequest).join('; ') || 'nothing';
          reject(
            new Error(
              `No request matching ${describeMatch(match)} within ${timeout} ms; received: ${received}.`,
            ),
          );
        }, timeout);
        waiters.add(waiter);
      });
    },
  };
  return {
    requests,
    record(request, path, operationId, body, status) {
      const entry: RecordedRequest = {
        operationId: operationId as OperationId | undefined,
        method: request.method,
        path,
        query: redactedQuery(new URL(request.url)),
        headers: redactedHeaders(request.headers),
        body: operationId === undefined ? undefined : bodyOf(body, maxBodyBytes),
        status,
      };
      recorded.push(entry);
      if (recorded.length > MAX_RECORDED_REQUESTS) recorded.shift();
      for (const waiter of [...waiters]) waiter(entry);
    },
    clear() {
      recorded = [];
    },
  };
}
