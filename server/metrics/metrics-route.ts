import { ApiError } from '@course-service/runtime';
import type { Context, Middleware } from 'koa';
import type { Registry } from 'prom-client';

/** Where metrics are served, on the API's port or on their own. */
export const METRICS_PATH = '/metrics';

/**
 * Serves `registry` at `GET /metrics` in the Prometheus text format (prom-client writes it). It
 * takes no credential: who may scrape is decided by where it listens (see the README's
 * Monitoring section). Any other path under it is a 404 problem.
 *
 * @example koa.use(metricsRoute(registry));
 */
export function metricsRoute(registry: Registry): Middleware {
  return async function metrics(ctx: Context): Promise<void> {
    if (ctx.path !== METRICS_PATH)
      throw new ApiError('not_found', `No endpoint at '${ctx.path}'. Metrics are at ${METRICS_PATH}.`);
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      throw new ApiError('method_not_allowed', `Metrics answer GET and HEAD only.`, {
        headers: { Allow: 'GET, HEAD' },
      });
    }
    const text = await registry.metrics();
    ctx.set('Content-Type', registry.contentType);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = text;
  };
}
