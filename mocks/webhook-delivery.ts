// Webhook delivery in the mocks: the server's delivery engine (claim → sign → send → record) over
// the mock's memory store, sending to the application's receivers. Attempts run one drain at a
// time, so `settle()` has one queue to wait for: after each write (a nudge, as on the server),
// every `pollMs` for retries that came due, and on demand.
import type { EventStore } from '@course-service/runtime';
import {
  createWebhookDispatcher,
  DEFAULT_WEBHOOK_TIMEOUT_MS,
  WEBHOOK_DELIVERIES_IN_FLIGHT,
  webhookLeaseMs,
} from '@course-service/runtime/webhooks';
import { receiverTransport } from './receiver-transport.ts';
import type { ResolvedWebhookOptions } from './webhook-options.ts';

/**
 * The mock's webhook deliveries, for a test to wait on.
 *
 * @example await client.courses.create({ name: 'A', description: '' }); await mock.webhooks.settle();
 */
export interface MockWebhooks {
  /**
   * Attempts every delivery due by the mock's clock, retries that come due meanwhile included,
   * and resolves once each attempt is recorded. Rejects when the mock has no `webhooks` option.
   * Not from inside a receiver: it would wait for itself.
   */
  settle(): Promise<void>;
}

/** What the mock needs of its deliveries: a wake-up after a write, and the control for tests. */
export interface MockWebhookDelivery {
  /** After a write that may have queued deliveries: attempt them soon. */
  nudge(): void;
  readonly control: MockWebhooks;
}

/**
 * Runs the delivery engine for a mock; without `settings`, nothing is ever delivered and the
 * deliveries stay `pending`, as when no webhook worker runs.
 *
 * @example const delivery = startMockWebhookDelivery({ settings, store, clock, userAgent });
 */
export function startMockWebhookDelivery(options: {
  settings: ResolvedWebhookOptions | undefined;
  store: Pick<EventStore, 'claimWebhookDeliveries' | 'completeWebhookAttempts'>;
  clock: () => Date;
  userAgent: string;
}): MockWebhookDelivery {
  const { settings } = options;
  if (!settings)
    return {
      nudge() {},
      control: {
        settle: () =>
          Promise.reject(new TypeError('This mock delivers no webhooks: give it the `webhooks` option.')),
      },
    };
  const dispatcher = createWebhookDispatcher({
    store: options.store,
    send: receiverTransport(settings.receiverFor),
    clock: options.clock,
    schedule: settings.retrySchedule,
    leaseMs: webhookLeaseMs(DEFAULT_WEBHOOK_TIMEOUT_MS),
    batchSize: WEBHOOK_DELIVERIES_IN_FLIGHT,
    userAgent: options.userAgent,
  });
  let queue: Promise<void> = Promise.resolve();
  let drainQueued = false;
  // Until nothing is due: a retry whose wait is 0 (or already over by the mock's clock) is due at once.
  const drain = async () => {
    drainQueued = false;
    while ((await dispatcher.runOnce()) > 0);
  };
  const enqueue = () => {
    if (!drainQueued) {
      drainQueued = true;
      queue = queue.then(drain);
    }
    return queue;
  };
  const poll = setInterval(enqueue, settings.pollMs);
  // The poll never keeps a process alive on its own (Node; browsers have no unref).
  (poll as { unref?: () => void }).unref?.();
  return {
    nudge: () => void enqueue(),
    control: { settle: enqueue },
  };
}
