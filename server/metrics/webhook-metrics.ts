import type { WebhookAttemptVerdict } from '@course-service/runtime/webhooks';
import { Counter, Gauge, type Registry } from 'prom-client';

/** What the delivery engine tells the metrics, and how the backlog is read when scraped. */
export interface WebhookProbe {
  /** An attempt's outcome was recorded. */
  attempted(verdict: WebhookAttemptVerdict): void;
  /** Registers the backlog gauge, read from `count` at each scrape. */
  watchBacklog(count: () => Promise<number>): void;
}

/**
 * Webhook attempts by outcome (`succeeded`, `retrying`, `failed`, `gone`), and the deliveries
 * still pending (due or waiting for a retry) across every instance sharing the store.
 *
 * @example const probe = webhookMetrics(registry); probe.watchBacklog(() => store.countPendingWebhookDeliveries());
 */
export function webhookMetrics(registry: Registry): WebhookProbe {
  const attempts = new Counter({
    name: 'course_service_webhook_attempts_total',
    help: "Webhook delivery attempts, by outcome: 'succeeded', 'retrying' (failed, tried again later), 'failed' (no attempt left) or 'gone' (410).",
    labelNames: ['outcome'],
    registers: [registry],
  });
  for (const outcome of ['succeeded', 'retrying', 'failed', 'gone']) attempts.inc({ outcome }, 0);
  return {
    attempted: (verdict) => attempts.inc({ outcome: verdict }),
    watchBacklog(count) {
      new Gauge({
        name: 'course_service_webhook_deliveries_pending',
        help: 'Webhook deliveries pending (due now or waiting for a retry), in the whole store.',
        registers: [registry],
        async collect() {
          this.set(await count());
        },
      });
    },
  };
}
