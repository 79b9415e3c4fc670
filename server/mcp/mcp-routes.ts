import { Readable } from 'node:stream';
import type { Context, Next } from 'koa';
import { coursePolicy, rateLimitHeaders } from '../../domain/rate-limit-headers.ts';
import type { Authenticator } from '../auth/authenticator.ts';
import { ApiError } from '../http/api-error.ts';
import type { OperationDeps, OperationHandler } from '../operations/operation.ts';
import type { RateLimits } from '../rate-limit/rate-limits.ts';
import { createMcpAuthenticator, MASTER_KEY_ID } from './mcp-auth.ts';
import type { McpStack } from './mcp-stack.ts';
import { createOriginGuard, forbiddenResponse } from './origin-guard.ts';
import type { McpCaller } from './tool-runner.ts';

/** The path of the MCP endpoint. */
const MCP_PATH = '/mcp';

/** What the MCP endpoint is built from: the same parts the REST dispatcher uses. */
export interface McpRouteDeps {
  authenticator: Authenticator;
  rateLimits: RateLimits;
  handlers: Readonly<Record<string, OperationHandler>>;
  operationDeps: OperationDeps;
}

/** A Web `Request` for the Koa request, streaming its body; aborted if the client goes away. */
function toWebRequest(ctx: Context): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(ctx.req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const aborted = new AbortController();
  ctx.res.once('close', () => aborted.abort());
  const hasBody = ctx.method !== 'GET' && ctx.method !== 'HEAD';
  return new Request(`http://localhost${ctx.originalUrl}`, {
    method: ctx.method,
    headers,
    signal: aborted.signal,
    ...(hasBody && { body: Readable.toWeb(ctx.req) as ReadableStream, duplex: 'half' }),
  } as RequestInit);
}

/** Hands a Web `Response` to Koa (which streams it), keeping its status and headers. */
function respondWith(ctx: Context, response: Response): void {
  ctx.body = response;
  if (!response.headers.has('content-type')) ctx.remove('Content-Type');
}

/**
 * The MCP endpoint (`POST /mcp`, Streamable HTTP, stateless, JSON responses, protocol revisions
 * 2026-07-28 and 2025-11-25). In front of the SDK, on every request: Origin/Host check (403),
 * authentication with the master key or an API key (401 with `WWW-Authenticate`, failures limited
 * per address as in the REST API), then one request from the caller's REST rate-limit quota.
 *
 * @example koa.use(mcpRoutes({ authenticator, rateLimits, handlers, operationDeps }));
 */
export function mcpRoutes(deps: McpRouteDeps) {
  const { config } = deps.operationDeps;
  let stack: Promise<McpStack> | undefined;
  const loadStack = () => {
    stack ??= import('./mcp-stack.ts').then(({ createMcpStack }) => createMcpStack(deps));
    return stack;
  };
  const refusal = createOriginGuard({ allowedOrigins: config.mcpAllowedOrigins, listenHost: config.host });
  const authenticate = createMcpAuthenticator({
    masterKey: config.mcpMasterApiKey,
    authenticator: deps.authenticator,
  });

  async function callerOf(ctx: Context): Promise<McpCaller> {
    try {
      return await authenticate(ctx.req.headers);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401)
        await deps.rateLimits.consume('auth-failures', ctx.ip);
      throw error;
    }
  }

  return async function mcp(ctx: Context, next: Next): Promise<void> {
    if (ctx.path !== MCP_PATH) return next();
    const refused = refusal(ctx.req.headers);
    if (refused) return respondWith(ctx, forbiddenResponse(refused));
    const caller = await callerOf(ctx);
    // Every MCP request counts against the same quota as the caller's REST calls; the master key
    // acts on production only.
    const quotaKey = caller.kind === 'master' ? MASTER_KEY_ID : caller.keyId;
    const environment = caller.kind === 'master' ? 'prod' : caller.environment;
    ctx.set('Course-Environment', environment);
    ctx.set(rateLimitHeaders(await deps.rateLimits.consume(coursePolicy(environment), quotaKey)));
    const scope = { caller, requestId: ctx.state.requestId as string, log: ctx.state.log };
    const handle = await loadStack();
    respondWith(ctx, await handle(toWebRequest(ctx), scope));
  };
}
