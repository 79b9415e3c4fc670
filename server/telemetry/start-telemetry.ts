import type { Store } from '@course-service/runtime';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Metrics } from '../metrics/create-metrics.ts';
import { METRICS_PATH, metricsRoute } from '../metrics/metrics-route.ts';
import type { Tracing } from '../tracing/start-tracing.ts';
import { bothObservers, bothStoreProbes } from './fan-out.ts';
import type { Telemetry } from './telemetry.ts';

/** The telemetry of a server, with what its owner needs besides. */
export interface StartedTelemetry extends Telemetry {
  /** The metrics, when on (their registry is served on a port of its own with `METRICS_PORT`). */
  metrics: Metrics | undefined;
  /** The store as the app should use it: with a span around each call when tracing. */
  wrapStore(store: Store): Store;
  /** Sends the spans not sent yet and stops tracing. */
  close(): Promise<void>;
}

/**
 * Sets up what `config` asks for: metrics (prom-client) and traces (OpenTelemetry), each imported
 * only when configured, so a server with neither loads nothing of them. Call it before the store
 * opens, so that the store and Redis report to it and the drivers' instrumentations apply.
 */
export async function startTelemetry(
  config: Pick<Config, 'metrics' | 'tracing'>,
  logger: Logger,
): Promise<StartedTelemetry> {
  const metrics = config.metrics ? (await import('../metrics/create-metrics.ts')).createMetrics() : undefined;
  const tracing: Tracing | undefined = config.tracing
    ? (await import('../tracing/start-tracing.ts')).startTracing({
        ...config.tracing,
        onLost: (err) => logger.warn({ err }, 'traces: the last spans could not be sent to the collector'),
      })
    : undefined;
  const mounts: Record<string, Middleware> =
    metrics && config.metrics?.port === undefined ? { [METRICS_PATH]: metricsRoute(metrics.registry) } : {};
  const middleware = [tracing?.middleware, metrics?.middleware].filter((m) => m !== undefined);
  return {
    observer:
      metrics && tracing ? bothObservers(metrics.observer, tracing.observer) : (metrics ?? tracing)?.observer,
    storeProbe:
      metrics && tracing
        ? bothStoreProbes(metrics.storeProbe, tracing.storeProbe)
        : (metrics ?? tracing)?.storeProbe,
    redisProbe: metrics?.redisProbe,
    webhookProbe: metrics?.webhookProbe,
    middleware,
    mounts,
    metrics,
    wrapStore: (store) => (tracing ? tracing.traceStore(store) : store),
    close: async () => tracing?.close(),
  };
}
