import type { Context, Middleware, Next } from 'koa';
import { Gauge, Histogram, type Registry } from 'prom-client';
import { afterResponse } from '../http/after-response.ts';
import { routeOf } from '../http/service-middleware.ts';

/** The OpenTelemetry HTTP semantic conventions' advised buckets for request durations, in seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

/** Methods kept as they are; any other is `_OTHER`, as the conventions say, so labels stay few. */
const KNOWN_METHODS = new Set([
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'OPTIONS',
  'TRACE',
  'CONNECT',
]);

/**
 * The Koa middleware that measures every request the server answers (API, MCP, dashboard, docs):
 * `http_server_request_duration_seconds` by method, route template and status, and
 * `http_server_active_requests` by method. Runs outside the request frame, so it sees the final
 * status; a body Koa still streams (a mount's, MCP's) is measured until the response closes, and a
 * request whose client left before it was answered until then.
 *
 * @example koa.use(httpMetrics(registry));
 */
export function httpMetrics(registry: Registry): Middleware {
  const duration = new Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Duration of HTTP server requests, by method, route template and status code.',
    labelNames: ['http_request_method', 'http_route', 'http_response_status_code'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  // Requests in flight by method, counted here and read by the gauge when it is scraped: a
  // labelled gauge's inc and dec would hash the labels twice a request.
  const inFlight = new Map<string, number>();
  new Gauge({
    name: 'http_server_active_requests',
    help: 'HTTP server requests being served now, by method.',
    labelNames: ['http_request_method'],
    registers: [registry],
    collect() {
      for (const [method, count] of inFlight) this.set({ http_request_method: method }, count);
    },
  });
  // One child per label set, found by one string: no label object built per request (prom-client
  // still validates and hashes the labels on every observe, the child's too).
  const series = new Map<string, { observe(value: number): void }>();

  function record(ctx: Context, method: string, started: number): void {
    const { route } = routeOf(ctx);
    const status = String(ctx.res.statusCode);
    const key = `${method} ${route} ${status}`;
    let child = series.get(key);
    if (!child) {
      child = duration.labels(method, route, status);
      series.set(key, child);
    }
    child.observe((performance.now() - started) / 1000);
    inFlight.set(method, (inFlight.get(method) as number) - 1);
  }

  return async function measure(ctx: Context, next: Next): Promise<void> {
    const started = performance.now();
    const method = KNOWN_METHODS.has(ctx.method) ? ctx.method : '_OTHER';
    inFlight.set(method, (inFlight.get(method) ?? 0) + 1);
    try {
      await next();
    } finally {
      afterResponse(ctx.res, () => record(ctx, method, started));
    }
  };
}
