// Whether the server is saturated serving requests, for the webhook delivery engine's `busy`:
// requests are in flight and the event loop has had no idle time to speak of lately.
import { performance } from 'node:perf_hooks';
import type { Middleware } from 'koa';

/** Event-loop utilisation above which a server with requests in flight counts as saturated. */
const SATURATED = 0.9;
/** How often utilisation is measured again, at most: asking is cheap between measurements. */
const WINDOW_MS = 100;

/** Counts the requests in flight (`track`) and answers whether the server is saturated (`busy`). */
export interface ServingPressure {
  /** Koa middleware that counts the request in flight until it is answered. */
  track: Middleware;
  busy(): boolean;
}

/**
 * Builds the gauge: busy while requests are in flight and the event loop was busy more than 90 %
 * of the time since the last measurement (`performance.eventLoopUtilization`); never busy with no
 * request in flight, so a backlog drains at full speed once they stop.
 *
 * @example const pressure = servingPressure(); koa.use(pressure.track); createWebhookDispatcher({ …, busy: pressure.busy });
 */
export function servingPressure(): ServingPressure {
  let inFlight = 0;
  let measuredAt = performance.now();
  let since = performance.eventLoopUtilization();
  let saturated = false;
  return {
    async track(_ctx, next) {
      inFlight++;
      try {
        await next();
      } finally {
        inFlight--;
      }
    },
    busy() {
      if (inFlight === 0) return false;
      const now = performance.now();
      if (now - measuredAt >= WINDOW_MS) {
        const current = performance.eventLoopUtilization();
        saturated = performance.eventLoopUtilization(current, since).utilization > SATURATED;
        since = current;
        measuredAt = now;
      }
      return saturated;
    },
  };
}
