import type { Answer, Core, OperationInfo, RequestHeaders } from '@course-service/runtime';
import type { Context, Middleware, Next } from 'koa';
import { corsHeaders } from '../http/cors.ts';
import { putAnswer, type ServiceState } from '../http/service-middleware.ts';
import { publicOrigin } from '../public-origin.ts';
import { createOriginGuard, forbiddenResponse } from './origin-guard.ts';
import { resourceMetadataUrl } from './well-known-routes.ts';

/** What a page may read from an answer of `/mcp` besides the CORS-safelisted headers. */
const MCP_EXPOSED = [
  'WWW-Authenticate',
  'Mcp-Session-Id',
  'RateLimit',
  'RateLimit-Policy',
  'Retry-After',
  'retry-after-ms',
  'X-Request-Id',
  'Course-Environment',
].join(', ');

/** Whether `value` is exactly a serialised origin, as a browser's `Origin` header is. */
const isOrigin = (value: string) => URL.canParse(value) && new URL(value).origin === value;

/**
 * The CORS headers that let a page on the request's `Origin` call and read the endpoint, for a
 * request the guard let through; `undefined` without an `Origin` as browsers send it
 * (scheme://host[:port]): only such an origin is echoed, never other text.
 */
function corsFor(headers: RequestHeaders, preflight: boolean): string[] | undefined {
  const { origin } = headers;
  if (typeof origin !== 'string' || !isOrigin(origin)) return undefined;
  if (!preflight) return corsHeaders(origin, { expose: MCP_EXPOSED });
  const asked = headers['access-control-request-headers'];
  return corsHeaders(origin, {
    preflight: { methods: 'POST', requestHeaders: typeof asked === 'string' ? asked : undefined },
  });
}

/** The MCP endpoint's operation (`x-handled-by: mcp`). */
function mcpOperation(core: Core): OperationInfo {
  for (const info of core.operations.values()) if (info.handledBy === 'mcp') return info;
  throw new Error('the spec has no operation handled by MCP (x-handled-by: mcp)');
}

/**
 * The MCP endpoint's browser concerns, as Koa middleware in front of the service on the endpoint's
 * path (`/mcp`; other paths pass untouched):
 * - a foreign `Origin`, or on a loopback-bound server a foreign `Host`, is refused with `403` and a
 *   JSON-RPC error before authentication (`server/mcp/origin-guard.ts`), for a call and for a
 *   preflight; other methods go on to the service's `405`, with no CORS header;
 * - a page on an accepted origin gets CORS headers on every answer of the path (errors and the
 *   `405` of other methods included), and its preflights (`OPTIONS` with
 *   `Access-Control-Request-Method`) an answer: `204`, allowing `POST` and the headers they name;
 * - a `401` of the endpoint gets `resource_metadata="…"` in its `WWW-Authenticate`, pointing MCP
 *   clients to the sign-in metadata (RFC 9728 §5.1), once the service has answered.
 *
 * @example koa.use(mcpBrowserGuard({ core, allowedOrigins: [], listenHost: '127.0.0.1', trustProxy: false })); koa.use(serviceMiddleware({ core }));
 */
export function mcpBrowserGuard(options: {
  core: Core;
  allowedOrigins: string[];
  listenHost: string;
  trustProxy: boolean;
}): Middleware {
  const { core, trustProxy } = options;
  const endpoint = mcpOperation(core);
  const refusal = createOriginGuard(options);
  const reaches = (method: string, path: string) =>
    core.operationAt(method, path)?.operationId === endpoint.operationId;
  // Every path the endpoint's template matches starts with its text before any parameter: a test
  // that lets the API's requests pass by without a second lookup in the router.
  const prefix = endpoint.path.split('{')[0] as string;
  /** Answers in the endpoint's name (its route and operation, for metrics and traces). */
  const answer = (ctx: Context, status: number, headers: string[], body: Answer['body']) => {
    const { requestId } = ctx.state as ServiceState;
    const all = ['X-Request-Id', requestId, ...headers];
    putAnswer(ctx, { status, headers: all, body, route: endpoint.path, operationId: endpoint.operationId });
  };
  return async function mcpBrowser(ctx: Context, next: Next): Promise<void> {
    if (!ctx.path.startsWith(prefix) || !reaches(endpoint.method, ctx.path)) return next();
    const { headers } = ctx.req;
    const called = reaches(ctx.method, ctx.path);
    const preflight =
      !called && ctx.method === 'OPTIONS' && typeof headers['access-control-request-method'] === 'string';
    const refused = refusal(headers);
    if (refused !== undefined) {
      // A refused page's other methods get the service's 405, readable by no page.
      if (!called && !preflight) return next();
      const response = forbiddenResponse(refused);
      const own: string[] = [];
      response.headers.forEach((value, name) => {
        own.push(name, value);
      });
      return answer(ctx, response.status, own, response.body);
    }
    const cors = corsFor(headers, preflight);
    if (cors) {
      if (preflight) return answer(ctx, 204, cors, null);
      for (let i = 0; i < cors.length; i += 2) ctx.set(cors[i] as string, cors[i + 1] as string);
    }
    await next();
    const challenge = ctx.response.get('WWW-Authenticate');
    const origin = called && ctx.status === 401 && challenge ? publicOrigin(headers, trustProxy) : undefined;
    if (origin)
      ctx.set('WWW-Authenticate', `${challenge}, resource_metadata="${resourceMetadataUrl(origin)}"`);
  };
}
