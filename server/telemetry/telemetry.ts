import type { Observer } from '@course-service/runtime';
import type { Middleware } from 'koa';
import type { WebhookProbe } from '../metrics/webhook-metrics.ts';
import type { RedisProbe } from '../rate-limit/redis-probe.ts';
import type { StoreProbe } from '../store/store-probe.ts';

/**
 * What metrics and traces add to a server: the core's observer, the store's and Redis's probes,
 * Koa middleware that runs outermost (traces, then HTTP metrics) and mounts (`/metrics`). Every
 * part is absent when neither is configured, and nothing of either is loaded.
 */
export interface Telemetry {
  observer: Observer | undefined;
  storeProbe: StoreProbe | undefined;
  redisProbe: RedisProbe | undefined;
  webhookProbe: WebhookProbe | undefined;
  /** Runs for every request, before the request frame, in this order. */
  middleware: Middleware[];
  /** Added to the API port's mounts: `/metrics` when metrics are on and have no port of their own. */
  mounts: Readonly<Record<string, Middleware>>;
}

/** No metrics, no traces. */
export const NO_TELEMETRY: Telemetry = {
  observer: undefined,
  storeProbe: undefined,
  redisProbe: undefined,
  webhookProbe: undefined,
  middleware: [],
  mounts: {},
};
