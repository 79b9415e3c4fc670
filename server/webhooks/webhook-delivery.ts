import type { Store } from '@course-service/runtime';
import {
  createWebhookDispatcher,
  mayHaveQueuedDeliveries,
  WEBHOOK_DELIVERIES_IN_FLIGHT,
  webhookLeaseMs,
} from '@course-service/runtime/webhooks';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { WebhookProbe } from '../metrics/webhook-metrics.ts';
import { nodeWebhookTransport } from './node-webhook-transport.ts';
import { servingPressure } from './serving-pressure.ts';

/** The server's webhook delivery, running: how to wake it after a write, and how to stop it. */
export interface WebhookDelivery {
  /**
   * Koa middleware that counts the request in flight (while the server is saturated, deliveries
   * wait for the time requests leave) and wakes the dispatcher after a write answered 2xx (it may
   * have queued deliveries).
   */
  nudge: Middleware;
  /** Stops polling and waits for the attempts in flight; call before the store closes. */
  stop(): Promise<void>;
}

/**
 * Starts the delivery engine over `store` with the Node transport: polls every `pollMs`, posts
 * each due delivery signed, records its outcome; the backlog and the attempts go to `probe`.
 *
 * @example const delivery = startWebhookDelivery({ settings: config.webhooks, allowPrivateUrls: false, store, logger, userAgent });
 */
export function startWebhookDelivery(options: {
  settings: Config['webhooks'];
  /** `WEBHOOK_ALLOW_PRIVATE_URLS`: http and private addresses allowed (development, tests). */
  allowPrivateUrls: boolean;
  store: Store;
  logger: Logger;
  userAgent: string;
  clock?: (() => Date) | undefined;
  probe?: WebhookProbe | undefined;
}): WebhookDelivery {
  const { settings, store, logger, probe } = options;
  const log = logger.child({ component: 'webhooks' });
  probe?.watchBacklog(() => store.countPendingWebhookDeliveries());
  const pressure = servingPressure();
  const dispatcher = createWebhookDispatcher({
    store,
    send: nodeWebhookTransport({
      timeoutMs: settings.timeoutMs,
      allowPrivate: options.allowPrivateUrls,
      // The origin only: a receiver's path or query often carries a token of its own.
      onFailure: ({ url, reason }) =>
        log.info({ origin: new URL(url).origin, reason }, 'webhook attempt got no answer'),
    }),
    clock: options.clock ?? (() => new Date()),
    schedule: settings.retrySchedule,
    leaseMs: webhookLeaseMs(settings.timeoutMs),
    batchSize: WEBHOOK_DELIVERIES_IN_FLIGHT,
    userAgent: options.userAgent,
    busy: pressure.busy,
    observer: probe,
    log,
  });
  dispatcher.start(settings.pollMs);
  return {
    async nudge(ctx, next) {
      await pressure.track(ctx, next);
      if (mayHaveQueuedDeliveries(ctx.method, ctx.status)) dispatcher.nudge();
    },
    stop: () => dispatcher.stop(),
  };
}
