import type { Observer } from '@course-service/runtime';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { RedisProbe } from '../rate-limit/redis-probe.ts';
import type { StoreProbe } from '../store/store-probe.ts';
import { dependencyMetrics } from './dependency-metrics.ts';
import { httpMetrics } from './http-metrics.ts';
import { serviceCounters } from './service-counters.ts';
import { type WebhookProbe, webhookMetrics } from './webhook-metrics.ts';

/** Every metric of one server, in a registry of its own (two servers in a process never mix). */
export interface Metrics {
  registry: Registry;
  /** Counts the core's events. */
  observer: Observer;
  storeProbe: StoreProbe;
  redisProbe: RedisProbe;
  webhookProbe: WebhookProbe;
  /** Measures every HTTP request. */
  middleware: ReturnType<typeof httpMetrics>;
}

/**
 * Creates the server's metrics: HTTP, service, store, Redis and webhooks, plus prom-client's default
 * process and Node.js metrics (CPU, memory, event loop lag, GC, handles).
 *
 * @example const metrics = createMetrics(); koa.use(metrics.middleware);
 */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const { storeProbe, redisProbe } = dependencyMetrics(registry);
  return {
    registry,
    observer: serviceCounters(registry),
    storeProbe,
    redisProbe,
    webhookProbe: webhookMetrics(registry),
    middleware: httpMetrics(registry),
  };
}
