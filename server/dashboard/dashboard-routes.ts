import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { ApiError } from '@course-service/runtime';
import type { Context, Next } from 'koa';
import { assetsDir } from '../assets-dir.ts';
import type { Config } from '../config.ts';
import { pageHeaders } from '../page-headers.ts';
import { readIfExists } from '../read-if-exists.ts';

/** Where `npm run build:web` (and the server package's build) puts the dashboard. */
const DASHBOARD_DIR = assetsDir('dashboard');

const ASSET = /^\/dashboard\/assets\/([A-Za-z0-9_-]+\.(js|css))$/;
const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};
const NOT_BUILT =
  'The dashboard has not been built. Run `npm run build:web` (npm start does it for you), then reload.\n';

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
  const headers = pageHeaders({
    connectOrigins: config.identityProvider ? [new URL(config.identityProvider.issuer).origin] : [],
    formsToSelf: true,
  });
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
      const content = name ? await readIfExists(join(dir, 'assets', name)) : undefined;
      if (!content) throw new ApiError('not_found', `No dashboard asset '${ctx.path}' exists.`);
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
      ctx.type = TYPES[extension] ?? 'application/octet-stream';
      ctx.body = content;
      return;
    }
    const html = await readIfExists(join(dir, 'index.html'));
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
