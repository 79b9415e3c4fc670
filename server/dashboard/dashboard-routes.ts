import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context, Next } from 'koa';
import { ApiError } from '../../core/index.ts';
import type { Config } from '../config.ts';
import { dashboardHeaders } from './security-headers.ts';

/** Where `npm run build:dashboard` writes the dashboard: `dist/dashboard` at the repository root. */
const DASHBOARD_DIR = fileURLToPath(new URL('../../dist/dashboard/', import.meta.url));

const ASSET = /^\/dashboard\/assets\/([A-Za-z0-9_-]+\.(js|css))$/;
const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};
const NOT_BUILT =
  'The dashboard has not been built. Run `npm run build:dashboard` (npm start does it for you), then reload.\n';

/** What the single-page app reads at start: how people sign in. */
export type DashboardClientConfig =
  | { mode: 'dev' }
  | { mode: 'oidc'; issuer: string; clientId: string; scope: string };

/**
 * The dashboard's sign-in settings for the browser, from the server's identity-provider settings.
 *
 * @example dashboardClientConfig(loadConfig({})) // { mode: 'dev' }
 */
function dashboardClientConfig(config: Config): DashboardClientConfig {
  const idp = config.identityProvider;
  if (!idp) return { mode: 'dev' };
  return {
    mode: 'oidc',
    issuer: idp.issuer,
    clientId: config.dashboardOidcClientId ?? idp.audience,
    scope: 'openid',
  };
}

async function readOrUndefined(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Serves the web dashboard, prebuilt in `dir`: `/dashboard/assets/*` (content-hashed, cached for
 * a year as immutable), `/dashboard/config.json`, and `index.html` for every other `/dashboard`
 * path (the app routes in the browser), revalidated on each load. Every response carries the
 * dashboard's security headers. It never runs a bundler: a missing build answers 503 with the fix.
 *
 * @example koa.use(dashboardRoutes(config));
 */
export function dashboardRoutes(config: Config, dir: string = DASHBOARD_DIR) {
  const clientConfig = JSON.stringify(dashboardClientConfig(config));
  const headers = dashboardHeaders(
    config.identityProvider ? [new URL(config.identityProvider.issuer).origin] : [],
  );
  return async function dashboard(ctx: Context, next: Next): Promise<void> {
    if (ctx.path !== '/dashboard' && !ctx.path.startsWith('/dashboard/')) return next();
    ctx.set(headers);
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      throw new ApiError('method_not_allowed', 'The dashboard answers GET and HEAD only.', {
        headers: { Allow: 'GET, HEAD' },
      });
    }
    if (ctx.path === '/dashboard/config.json') {
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'application/json';
      ctx.body = clientConfig;
      return;
    }
    const asset = ASSET.exec(ctx.path);
    if (asset || ctx.path.startsWith('/dashboard/assets/')) {
      const [, name = '', extension = ''] = asset ?? [];
      const content = name ? await readOrUndefined(join(dir, 'assets', name)) : undefined;
      if (!content) throw new ApiError('not_found', `No dashboard asset '${ctx.path}' exists.`);
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
      ctx.type = TYPES[extension] ?? 'application/octet-stream';
      ctx.body = content;
      return;
    }
    const html = await readOrUndefined(join(dir, 'index.html'));
    if (!html) {
      ctx.status = 503;
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = NOT_BUILT;
      return;
    }
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
    ctx.set({ 'Cache-Control': 'no-cache', ETag: etag });
    if (ctx.get('If-None-Match') === etag) {
      ctx.status = 304;
      return;
    }
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = html;
  };
}
