import type { Context, Middleware, Next } from 'koa';

/**
 * One middleware that hands a request to the app mounted at its first path segment (`/dev`,
 * `/dashboard`, `/mcp`), or else to `fallback` (the API). Stacked instead, each of them would cost
 * every API request a middleware hop only to say "not mine".
 *
 * @example koa.use(mountByPrefix({ '/mcp': mcpRoutes(deps) }, apiDispatch(deps)));
 */
export function mountByPrefix(mounts: Record<string, Middleware>, fallback: Middleware): Middleware {
  const table = new Map(Object.entries(mounts));
  return function mounted(ctx: Context, next: Next) {
    const end = ctx.path.indexOf('/', 1);
    const mount = table.get(end === -1 ? ctx.path : ctx.path.slice(0, end));
    // A mounted app that declines a path passes it on to the API, which answers 404.
    return mount ? mount(ctx, () => fallback(ctx, next)) : fallback(ctx, next);
  };
}
