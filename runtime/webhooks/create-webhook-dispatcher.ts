// The delivery engine the server and the mocks both run: claim due deliveries, sign each, hand it
// to the transport, record the outcome. It never throws out of its loop: a store that fails is
// logged and tried again on the next tick, and a delivery whose outcome was not recorded is
// claimed again once its lease runs out.
import type { EventStore, WebhookJob } from '../core/index.ts';
import { attemptOutcome, type WebhookAttemptVerdict, type WebhookSendResult } from './attempt-outcome.ts';
import { outcomeRecorder } from './outcome-recorder.ts';
import { type WebhookPost, webhookPost } from './webhook-request.ts';

/** Sends one signed POST and reports how it went; never throws (the transport measures and caps). */
export type WebhookSend = (post: WebhookPost) => Promise<WebhookSendResult>;

/** What the dispatcher is built from. */
export interface WebhookDispatcherOptions {
  store: Pick<EventStore, 'claimWebhookDeliveries' | 'completeWebhookAttempts'>;
  send: WebhookSend;
  clock: () => Date;
  /** Waits after each failed attempt, in seconds (see `runtime/domain/webhook-schedule.ts`). */
  schedule: readonly number[];
  /** How long a claim holds a delivery: longer than an attempt can take, or another instance sends it too. */
  leaseMs: number;
  /** Deliveries in flight at most (per instance). */
  batchSize: number;
  /** The `user-agent` of every attempt (`course-service-webhooks/<version>`). */
  userAgent: string;
  /**
   * Whether the host is saturated serving requests. While it is, the engine claims once a poll at
   * most, so deliveries take the time requests leave and never slow them: the backlog grows and
   * drains once load eases. Without it, the engine claims as fast as deliveries come.
   */
  busy?: (() => boolean) | undefined;
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
 *   schedule: DEFAULT_WEBHOOK_RETRY_SCHEDULE, leaseMs: 75_000, batchSize: 16, userAgent: 'course-service-webhooks/1.8.1' });
 * dispatcher.start(1000);
 */
export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const { store, send, clock, schedule, leaseMs, batchSize, userAgent, busy, observer, log } = options;
  const inFlight = new Set<Promise<void>>();

  const record = outcomeRecorder({ store, attemptsInFlight: () => inFlight.size, observer, log });

  const attempt = async (job: WebhookJob): Promise<void> => {
    const startedAt = clock();
    let result: WebhookSendResult;
    try {
      result = await send(webhookPost(job, startedAt, userAgent));
    } catch (err) {
      // A transport that throws broke its contract; the attempt still counts, as a connection failure.
      log?.warn({ err }, 'webhook transport threw');
      result = { error: 'connection_failed', durationMs: clock().getTime() - startedAt.getTime() };
    }
    const { outcome, verdict } = attemptOutcome(job, result, schedule, startedAt, clock());
    await record(outcome, verdict);
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
  /** When the last claim began (`performance.now()`): a busy host claims again a poll later. */
  let claimedAt = Number.NEGATIVE_INFINITY;

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
    const now = performance.now();
    const wait = busy?.() ? claimedAt + pollMs - now : 0;
    if (wait > 0) {
      wakeIn(wait);
      return;
    }
    ticking = (async () => {
      // Fewer than half the slots free: claim once half are, rather than a claim (a store call)
      // for each attempt that ends.
      if (batchSize - inFlight.size < refill) {
        while (batchSize - inFlight.size < refill) await Promise.race(inFlight);
        wakeSoon = true;
        return;
      }
      const free = batchSize - inFlight.size;
      claimedAt = performance.now();
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
      // While a busy host waits out its poll, the timer for the next claim is already set.
      else if (!wakeSoon && (!busy?.() || performance.now() >= claimedAt + pollMs)) {
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
