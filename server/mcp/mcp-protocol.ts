import type { Logger } from 'pino';
import type { OpenApiDocument, Protocol } from '../../core/index.ts';
import { corsHeaders } from '../http/cors.ts';
import { publicOrigin } from '../public-origin.ts';
import type { McpStack } from './mcp-stack.ts';
import { createOriginGuard, forbiddenResponse } from './origin-guard.ts';
import type { McpCaller } from './tool-runner.ts';
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
 * The MCP endpoint (`POST /mcp`, Streamable HTTP, stateless, JSON responses, protocol revisions
 * 2026-07-28 and 2025-11-25) as the core's protocol for `x-handled-by: mcp`. The core's pipeline
 * authenticates the master key, an API key or an ID token (401 with `WWW-Authenticate` naming the
 * protected resource metadata, failures limited per address) and takes one request from the caller's course quota; before that, a foreign `Origin`
 * or (on loopback) `Host` is refused with 403. A page on an accepted origin gets CORS headers (and
 * its preflights an answer). Tool calls run the core's operations.
 *
 * @example createCore({ …, protocols: { mcp: mcpProtocol({ document, bodyLimitBytes, allowedOrigins: [], listenHost: '127.0.0.1', logger }) } })
 */
export function mcpProtocol(options: {
  document: OpenApiDocument;
  bodyLimitBytes: number;
  allowedOrigins: string[];
  listenHost: string;
  trustProxy?: boolean;
  logger: Logger;
}): Protocol {
  let stack: Promise<McpStack> | undefined;
  const loadStack = () => {
    stack ??= import('./mcp-stack.ts').then(({ createMcpStack }) => createMcpStack(options));
    return stack;
  };
  const refusal = createOriginGuard({
    allowedOrigins: options.allowedOrigins,
    listenHost: options.listenHost,
  });
  return {
    refuse(headers) {
      const refused = refusal(headers);
      return refused === undefined ? undefined : forbiddenResponse(refused);
    },
    // A page on an origin the guard accepted (the core asks `refuse` first) may call and read the
    // endpoint: browser MCP clients. Only an origin as browsers send it (scheme://host[:port]) is
    // echoed, never other text.
    cors(headers, preflight) {
      const { origin } = headers;
      if (typeof origin !== 'string' || !isOrigin(origin)) return undefined;
      if (!preflight) return corsHeaders(origin, { expose: MCP_EXPOSED });
      const asked = headers['access-control-request-headers'];
      return corsHeaders(origin, {
        preflight: { methods: 'POST', requestHeaders: typeof asked === 'string' ? asked : undefined },
      });
    },
    // Points a client without a credential to the sign-in metadata (RFC 9728 §5.1).
    challenge(headers) {
      const origin = publicOrigin(headers, options.trustProxy ?? false);
      return origin && `resource_metadata="${resourceMetadataUrl(origin)}"`;
    },
    async answer(request, context) {
      const handle = await loadStack();
      return handle(request, { ...context, caller: context.caller as McpCaller, log: options.logger });
    },
  };
}
