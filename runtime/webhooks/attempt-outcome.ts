// What one attempt's answer means for its delivery and its endpoint (the design of issue 39).
import type { WebhookAttemptError, WebhookAttemptOutcome, WebhookJob } from '../core/index.ts';
import { nextWebhookAttemptAt } from '../domain/webhook-schedule.ts';

/** What the transport reports of one attempt: the answer's status, or why none came, and how long it took. */
export interface WebhookSendResult {
  /** The answer's HTTP status, when one came (a 3xx comes with the error `redirect`). */
  status?: number | undefined;
  error?: WebhookAttemptError | undefined;
  durationMs: number;
}

/** How an attempt ended, as the attempts metric counts it. */
export type WebhookAttemptVerdict = 'succeeded' | 'retrying' | 'failed' | 'gone';

/**
 * The outcome to record for `job`'s attempt, begun at `startedAt` and over at `endedAt` (the
 * schedule's waits count from then): any 2xx (without an error) succeeds; a
 * 410 fails the delivery and disables the endpoint (`endpoint_gone`); anything else is tried again
 * after the schedule's next wait or, once it is spent, fails and disables the endpoint
 * (`retries_exhausted`), unless the endpoint has succeeded since the delivery was created.
 *
 * @example attemptOutcome(job, { status: 500, durationMs: 12 }, [5, 300], startedAt, clock())
 */
export function attemptOutcome(
  job: WebhookJob,
  result: WebhookSendResult,
  schedule: readonly number[],
  startedAt: Date,
  endedAt: Date,
): { outcome: WebhookAttemptOutcome; verdict: WebhookAttemptVerdict } {
  const { delivery, endpoint } = job;
  const base = {
    deliveryId: delivery.id,
    attemptedAt: startedAt.toISOString(),
    responseStatus: result.status ?? null,
    durationMs: Math.max(0, Math.round(result.durationMs)),
    error: result.error ?? null,
  };
  const status = result.error ? undefined : result.status;
  if (status !== undefined && status >= 200 && status < 300)
    return { outcome: { ...base, status: 'succeeded', nextAttemptAt: null }, verdict: 'succeeded' };
  if (status === 410)
    return {
      outcome: { ...base, status: 'failed', nextAttemptAt: null, disableEndpoint: 'endpoint_gone' },
      verdict: 'gone',
    };
  const next = nextWebhookAttemptAt(schedule, delivery.attempts + 1, endedAt);
  if (next)
    return {
      outcome: { ...base, status: 'pending', nextAttemptAt: next.toISOString() },
      verdict: 'retrying',
    };
  const succeededSince =
    endpoint.lastSuccessAt !== null && Date.parse(endpoint.lastSuccessAt) > Date.parse(delivery.createdAt);
  return {
    outcome: {
      ...base,
      status: 'failed',
      nextAttemptAt: null,
      ...(!succeededSince && { disableEndpoint: 'retries_exhausted' as const }),
    },
    verdict: 'failed',
  };
}
