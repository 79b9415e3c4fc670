import { join } from 'node:path';
import { ApiError } from '@course-service/runtime';
import type { Context, Next } from 'koa';
import { assetsDir } from '../assets-dir.ts';
import { pageHeaders } from '../page-headers.ts';
import { readIfExists } from '../read-if-exists.ts';

const ASSET = /^\/docs\/assets\/((?:reference|landing)-[0-9a-f]{12}\.(js|css))$/;
const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};
const NOT_BUILT =
  'The API reference has not been built. Run `npm run build:web` (npm start does it for you).\n';

/**
 * Serves the API reference at `/docs`: a page rendered in the browser from `GET /api/openapi`
 * by a bundled renderer (built into `dist/reference`), its assets content-hashed and cached as
 * immutable, everything from this origin under a CSP without inline script. Also serves the
 * landing page's stylesheet, built beside them.
 *
 * @example koa.use(referenceRoutes());
 */
export function referenceRoutes(dir: string = assetsDir('reference')) {
  // The renderer writes <style> elements and style attributes as it draws: its code editors'
  // generated class rules, its theme, highlighted code's line counts. Their text is computed in
  // the browser and it offers no nonce, so neither a hash nor a nonce can name them in advance:
  // this page alone allows inline style, while scripts stay this origin's files.
  const headers = pageHeaders({ inlineStyles: true });
  return async function reference(ctx: Context, next: Next): Promise<void> {
    if (ctx.path !== '/docs' && !ctx.path.startsWith('/docs/')) return next();
    ctx.set(headers);
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      throw new ApiError('method_not_allowed', 'The API reference answers GET and HEAD only.', {
        headers: { Allow: 'GET, HEAD' },
      });
    }
    const asset = ASSET.exec(ctx.path);
    if (asset) {
      const content = await readIfExists(join(dir, 'assets', asset[1] as string));
      if (!content) throw new ApiError('not_found', `No asset '${ctx.path}' exists.`);
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
      ctx.type = TYPES[asset[2] as string] as string;
      ctx.body = content;
      return;
    }
    if (ctx.path !== '/docs' && ctx.path !== '/docs/')
      throw new ApiError('not_found', `No page '${ctx.path}' exists.`);
    const html = await readIfExists(join(dir, 'index.html'));
    ctx.set('Cache-Control', 'no-cache');
    if (!html) {
      ctx.status = 503;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = NOT_BUILT;
      return;
    }
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = html;
  };
}
