import type { Middleware } from 'koa';
import type { Config } from '../config.ts';
import type { Metrics } from '../metrics/create-metrics.ts';
import { METRICS_PATH, metricsRoute } from '../metrics/metrics-route.ts';
import { NO_TELEMETRY, type Telemetry } from './telemetry.ts';

/** The telemetry of a server, and the metrics registry when metrics are on (for their own port). */
export interface StartedTelemetry extends Telemetry {
  metrics: Metrics | undefined;
  /** Sends the traces not sent yet and stops tracing. */
  close(): Promise<void>;
}

/**
 * Sets up what `config` asks for: metrics (prom-client, loaded only then) and traces. Call it
 * before the store opens, so the store and Redis report to it.
 */
export async function startTelemetry(config: Pick<Config, 'metrics'>): Promise<StartedTelemetry> {
  if (!config.metrics) return { ...NO_TELEMETRY, metrics: undefined, close: async () => undefined };
  const { createMetrics } = await import('../metrics/create-metrics.ts');
  const metrics = createMetrics();
  const mounts: Record<string, Middleware> =
    config.metrics.port === undefined ? { [METRICS_PATH]: metricsRoute(metrics.registry) } : {};
  return {
    observer: metrics.observer,
    storeProbe: metrics.storeProbe,
    redisProbe: metrics.redisProbe,
    middleware: [metrics.middleware],
    mounts,
    metrics,
    close: async () => undefined,
  };
}
