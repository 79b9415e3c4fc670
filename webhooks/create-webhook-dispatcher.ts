// The delivery engine the server and the mocks both run: claim due deliveries, sign each, hand it
// to the transport, record the outcome. It never throws out of its loop: a store that fails is
// logged and tried again on the next tick, and a delivery whose outcome was not recorded is
// claimed again once its lease runs out.
import type { EventStore, WebhookJob } from '../core/index.ts';
import { attemptOutcome, type WebhookAttemptVerdict, type WebhookSendResult } from './attempt-outcome.ts';
import { webhookRequest } from './webhook-request.ts';

/** Sends one signed request and reports how it went; never throws (the transport measures and caps). */
export type WebhookSend = (request: Request) => Promise<WebhookSendResult>;

/** What the dispatcher is built from. */
export interface WebhookDispatcherOptions {
  store: Pick<EventStore, 'claimWebhookDeliveries' | 'completeWebhookAttempt'>;
  send: WebhookSend;
  clock: () => Date;
  /** Waits after each failed attempt, in seconds (see `domain/webhook-schedule.ts`). */
  schedule: readonly number[];
  /** How long a claim holds a delivery: longer than an attempt can take, or another instance sends it too. */
  leaseMs: number;
  /** Deliveries in flight at most (per instance). */
  batchSize: number;
  /** The `user-agent` of every attempt (`course-service-webhooks/<version>`). */
  userAgent: string;
  /** Told how each attempt ended, once its outcome is recorded (metrics). */
  observer?: { attempted(verdict: WebhookAttemptVerdict): void } | undefined;
  log?: { warn(details: { err: unknown }, message: string): void } | undefined;
}

/** A running (or runnable) delivery engine. */
export interface WebhookDispatcher {
  /** Claims what is due (up to the batch size), attempts it all and resolves how many attempts it made. */
  runOnce(): Promise<number>;
  /** Polls every `pollMs`, and at once again while deliveries keep coming. */
  start(pollMs: number): void;
  /** Polls now rather than at the next tick (after a write that queued deliveries); cheap to call often. */
  nudge(): void;
  /** Stops polling and resolves once every attempt in flight has been recorded. */
  stop(): Promise<void>;
}

/**
 * Builds the delivery engine over `store`, sending through `send`.
 *
 * @example
 * const dispatcher = createWebhookDispatcher({ store, send, clock: () => new Date(),
 *   schedule: DEFAULT_WEBHOOK_RETRY_SCHEDULE, leaseMs: 75_000, batchSize: 16, userAgent: 'course-service-webhooks/1.8.0' });
 * dispatcher.start(1000);
 */
export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const { store, send, clock, schedule, leaseMs, batchSize, userAgent, observer, log } = options;
  const inFlight = new Set<Promise<void>>();

  const attempt = async (job: WebhookJob): Promise<void> => {
    const startedAt = clock();
    let result: WebhookSendResult;
    try {
      result = await send(webhookRequest(job, startedAt, userAgent));
    } catch (err) {
      // A transport that throws broke its contract; the attempt still counts, as a connection failure.
      log?.warn({ err }, 'webhook transport threw');
      result = { error: 'connection_failed', durationMs: clock().getTime() - startedAt.getTime() };
    }
    const { outcome, verdict } = attemptOutcome(job, result, schedule, startedAt, clock());
    try {
      await store.completeWebhookAttempt(outcome);
      observer?.attempted(verdict);
    } catch (err) {
      log?.warn({ err }, 'webhook attempt not recorded; it is claimed again when its lease ends');
    }
  };

  /** Claims up to `limit` due deliveries and starts an attempt for each; resolves the attempts. */
  const claimAndSend = async (limit: number): Promise<Promise<void>[]> => {
    let jobs: WebhookJob[];
    try {
      const now = clock();
      jobs = await store.claimWebhookDeliveries({
        now: now.toISOString(),
        leaseUntil: new Date(now.getTime() + leaseMs).toISOString(),
        limit,
      });
    } catch (err) {
      log?.warn({ err }, 'webhook deliveries could not be claimed; trying again on the next tick');
      return [];
    }
    return jobs.map((job) => {
      const attempted = attempt(job).finally(() => inFlight.delete(attempted));
      inFlight.add(attempted);
      return attempted;
    });
  };

  const refill = Math.ceil(batchSize / 2);
  let pollMs = 0;
  let running = false;
  let ticking: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wakeSoon = false;

  const wakeIn = (ms: number) => {
    if (!running || ticking) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(tick, ms);
    // Deliveries never keep a process alive on their own (Node; browsers have no unref).
    (timer as { unref?: () => void }).unref?.();
  };
  const tick = () => {
    timer = undefined;
    wakeSoon = false;
    ticking = (async () => {
      // Fewer than half the slots free: claim once half are, rather than a claim (a store write)
      // for each attempt that ends.
      if (batchSize - inFlight.size < refill) {
        while (batchSize - inFlight.size < refill) await Promise.race(inFlight);
        wakeSoon = true;
        return;
      }
      const free = batchSize - inFlight.size;
      const started = await claimAndSend(free);
      // A full claim means more may be due: claim again at once rather than after a poll.
      if (started.length === free) wakeSoon = true;
    })().finally(() => {
      ticking = undefined;
      wakeIn(wakeSoon ? 0 : pollMs);
    });
  };

  return {
    async runOnce() {
      const started = await claimAndSend(batchSize);
      await Promise.all(started);
      return started.length;
    },
    start(ms) {
      if (running) return;
      running = true;
      pollMs = ms;
      wakeIn(0);
    },
    nudge() {
      if (ticking) wakeSoon = true;
      else if (!wakeSoon) {
        wakeSoon = true;
        wakeIn(0);
      }
    },
    async stop() {
      running = false;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      await ticking;
      await Promise.all(inFlight);
    },
  };
}
