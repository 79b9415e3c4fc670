import { ApiError } from '@course-service/runtime';
import type { Context } from 'koa';
import { devAuthorizationServerMetadata } from '../auth/dev-oauth/dev-oauth-routes.ts';
import { publicOrigin } from '../public-origin.ts';

const PROTECTED_RESOURCE = [
  '/.well-known/oauth-protected-resource',
  '/.well-known/oauth-protected-resource/mcp',
];
const DEV_AUTHORIZATION_SERVER = '/.well-known/oauth-authorization-server/oauth';

/** Where a 401 from `/mcp` points MCP clients (RFC 9728 §5.1), for the server at `origin`. */
export const resourceMetadataUrl = (origin: string) => `${origin}${PROTECTED_RESOURCE[1]}`;

/**
 * `/.well-known/…` for MCP clients that sign in (the MCP authorization spec): the protected
 * resource metadata of `/mcp` (RFC 9728, at the root and path-suffixed forms), naming the
 * configured identity provider as its authorization server, or, without one, the development
 * authorization server, whose metadata (RFC 8414) is served here too.
 */
export function wellKnownRoutes(options: { issuer: string | undefined; trustProxy: boolean }) {
  return async function wellKnown(ctx: Context): Promise<void> {
    const origin = publicOrigin(ctx.headers, options.trustProxy);
    if (origin === undefined)
      throw new ApiError(
        'validation_failed',
        'The Host header (or, behind a trusted proxy, X-Forwarded-Host) is not a valid host name.',
      );
    const known =
      PROTECTED_RESOURCE.includes(ctx.path) ||
      (options.issuer === undefined && ctx.path === DEV_AUTHORIZATION_SERVER);
    if (!known) throw new ApiError('not_found', `No endpoint at '${ctx.path}'.`);
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      throw new ApiError('method_not_allowed', `${ctx.method} is not allowed on '${ctx.path}'; use GET.`, {
        headers: { Allow: 'GET, HEAD' },
      });
    }
    ctx.set('Cache-Control', 'max-age=300');
    ctx.set('Access-Control-Allow-Origin', '*');
    if (ctx.path === DEV_AUTHORIZATION_SERVER) {
      ctx.body = devAuthorizationServerMetadata(origin);
      return;
    }
    ctx.body = {
      resource: `${origin}/mcp`,
      authorization_servers: [options.issuer ?? devAuthorizationServerMetadata(origin).issuer],
      bearer_methods_supported: ['header'],
      resource_name: 'Course Management Service (MCP)',
      resource_documentation: `${origin}/docs`,
    };
  };
}
