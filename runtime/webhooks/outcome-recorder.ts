// How the delivery engine records its attempts' outcomes: those that end close together in one
// store write, so a busy worker writes once per batch rather than once per attempt.
import type { EventStore, WebhookAttemptOutcome } from '../core/index.ts';
import type { WebhookAttemptVerdict } from './attempt-outcome.ts';

/** Records one attempt's outcome; resolves once it is written (or its write failed and was logged). */
export type RecordOutcome = (outcome: WebhookAttemptOutcome, verdict: WebhookAttemptVerdict) => Promise<void>;

/**
 * Gathers outcomes and writes them with `store.completeWebhookAttempts`: at once when every attempt
 * in flight (`attemptsInFlight()`, those waiting to be recorded included) has ended, with no timer,
 * so a fake clock never stalls it; otherwise after a zero-delay timeout, so the attempts answering
 * about now join the write. A failed write is logged: its deliveries are claimed again once their
 * leases end.
 *
 * @example const record = outcomeRecorder({ store, attemptsInFlight: () => inFlight.size }); await record(outcome, 'succeeded');
 */
export function outcomeRecorder(options: {
  store: Pick<EventStore, 'completeWebhookAttempts'>;
  attemptsInFlight: () => number;
  observer?: { attempted(verdict: WebhookAttemptVerdict): void } | undefined;
  log?: { warn(details: { err: unknown }, message: string): void } | undefined;
}): RecordOutcome {
  const { store, observer, log } = options;
  let waiting: Array<{
    outcome: WebhookAttemptOutcome;
    verdict: WebhookAttemptVerdict;
    recorded: () => void;
  }> = [];
  let writing = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = async () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const batch = waiting;
    waiting = [];
    writing += batch.length;
    try {
      await store.completeWebhookAttempts(batch.map(({ outcome }) => outcome));
      for (const { verdict } of batch) observer?.attempted(verdict);
    } catch (err) {
      log?.warn({ err }, 'webhook attempts not recorded; each is claimed again when its lease ends');
    }
    writing -= batch.length;
    for (const { recorded } of batch) recorded();
  };
  return (outcome, verdict) =>
    new Promise<void>((recorded) => {
      waiting.push({ outcome, verdict, recorded });
      if (waiting.length + writing >= options.attemptsInFlight()) void write();
      else timer ??= setTimeout(write, 0);
    });
}
