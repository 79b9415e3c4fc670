import { ApiError } from '@course-service/runtime';
import type { Context, Next } from 'koa';
import { pageHeaders } from '../page-headers.ts';

/** Where every page of the service links its icon. */
export const FAVICON_PATH = '/favicon.svg';

// The dashboard's brand mark: a "C" on its accent colour.
const ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#2456d6"/><path d="M21.1 11.2A7 7 0 1 0 21.1 20.8" fill="none" stroke="#fff" stroke-width="3.5" stroke-linecap="round"/></svg>\n`;

/**
 * `GET /favicon.svg`: the icon the landing page, the API reference and the dashboard link, so that
 * no page asks for a missing one. Cached for a day: it changes only with a release.
 *
 * @example koa.use(favicon());
 */
export function favicon() {
  const headers = pageHeaders();
  return async function icon(ctx: Context, next: Next): Promise<void> {
    if (ctx.path !== FAVICON_PATH) return next();
    ctx.set(headers);
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      throw new ApiError('method_not_allowed', 'The icon answers GET and HEAD only.', {
        headers: { Allow: 'GET, HEAD' },
      });
    }
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.type = 'image/svg+xml';
    ctx.body = ICON;
  };
}
