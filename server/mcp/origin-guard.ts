import type { RequestHeaders } from '@course-service/runtime';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The origin of `value` (scheme://host[:port]), or `undefined` when it is not one (including `null`). */
function originOf(value: string): URL | undefined {
  if (!URL.canParse(value)) return undefined;
  const url = new URL(value);
  return url.origin === 'null' ? undefined : url;
}

/** The hostname of a `Host` header value, port removed, IPv6 brackets kept. */
function hostnameOf(host: string): string {
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':')[0] ?? '');
}

/**
 * Guards `/mcp` against DNS rebinding and cross-site requests, as the MCP transport spec requires.
 * Returns why a request is refused, or `undefined` to let it through:
 * - a present `Origin` must be one of `MCP_ALLOWED_ORIGINS`, or a loopback origin when the server
 *   itself listens on loopback (browsers send `Origin`; other clients do not, and pass). The
 *   request's own `Host` is never trusted for this: under DNS rebinding it is the attacker's name.
 * - a server bound to a loopback address answers only to loopback `Host` names.
 */
export function createOriginGuard(options: { allowedOrigins: string[]; listenHost: string }) {
  const allowed = new Set(options.allowedOrigins.map((origin) => originOf(origin)?.origin));
  const loopbackOnly = LOOPBACK.has(options.listenHost);
  const isAllowed = (origin: URL | undefined) =>
    origin !== undefined && (allowed.has(origin.origin) || (loopbackOnly && LOOPBACK.has(origin.hostname)));
  return function refusal(headers: RequestHeaders): string | undefined {
    const { origin: sentOrigin, host: sentHost } = headers;
    const origin = typeof sentOrigin === 'string' ? sentOrigin : undefined;
    const host = typeof sentHost === 'string' ? sentHost : '';
    if (origin !== undefined && origin !== '' && !isAllowed(originOf(origin))) {
      return `Origin '${origin}' is not allowed to call this MCP endpoint (see MCP_ALLOWED_ORIGINS).`;
    }
    if (loopbackOnly && !LOOPBACK.has(hostnameOf(host).toLowerCase())) {
      return `Host '${host}' is not allowed: this server listens on a loopback address only.`;
    }
    return undefined;
  };
}

/** The 403 answer to a refused request: a JSON-RPC error without an id, as the MCP spec suggests. */
export function forbiddenResponse(message: string): Response {
  return Response.json({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }, { status: 403 });
}
