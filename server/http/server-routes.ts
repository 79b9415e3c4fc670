import { Router } from '@koa/router';
import type { Middleware } from 'koa';
import type { ServiceState } from './service-middleware.ts';

/**
 * Routes what the spec does not describe with `@koa/router`: each mount (`/dashboard`, `/docs`,
 * `/.well-known`, …) answers its path and every path under it, named for metrics and traces as
 * `/dashboard` or `/dashboard/*`; any other request goes on to the core, which routes the spec's
 * operations. A mount that calls `next()` leaves the request to the core too.
 *
 * @example koa.use(serverRoutes({ '/dashboard': dashboard })); koa.use(serviceMiddleware({ core }));
 */
export function serverRoutes(mounts: Readonly<Record<string, Middleware>>) {
  const router = new Router({ strict: true });
  for (const [prefix, mount] of Object.entries(mounts)) {
    const routes: Array<[path: string, route: string]> =
      prefix === '/'
        ? [['/', '/']]
        : [
            [prefix, prefix],
            [`${prefix}/{*rest}`, `${prefix}/*`],
          ];
    for (const [path, route] of routes) {
      router.all(path, (ctx, next) => {
        (ctx.state as ServiceState).route = route;
        return mount(ctx, next);
      });
    }
  }
  return router.routes();
}
