// When a webhook delivery is tried again: the first attempt at once, then after each failed one
// the next wait of the schedule; once the schedule is spent, the delivery has failed for good.

/** The waits after each failed attempt, in seconds: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (8 attempts in all). */
export const DEFAULT_WEBHOOK_RETRY_SCHEDULE: readonly number[] = [5, 300, 1800, 7200, 18_000, 36_000, 36_000];

/** Waits longer than this (a week, in seconds) are refused: a typo, not a schedule. */
const LONGEST_WAIT_SECONDS = 7 * 86_400;

/**
 * Reads a schedule as `WEBHOOK_RETRY_SCHEDULE` spells it: waits in seconds, comma-separated
 * (fractions allowed, so tests can run in milliseconds). Returns the problem as text when it is not one.
 *
 * @example parseWebhookRetrySchedule('1,2,5') // [1, 2, 5]
 */
export function parseWebhookRetrySchedule(text: string): readonly number[] | string {
  const parts = text.split(',').map((part) => part.trim());
  const waits = parts.map(Number);
  const valid = (wait: number, i: number) =>
    parts[i] !== '' && Number.isFinite(wait) && wait >= 0 && wait <= LONGEST_WAIT_SECONDS;
  if (parts.length > 20 || !waits.every(valid))
    return `1 to 20 waits in seconds (0 to ${LONGEST_WAIT_SECONDS}), comma-separated, got '${text}'`;
  return waits;
}

/**
 * When the next attempt is due after `attempts` attempts all failed (the one just made included),
 * or `null` when the schedule is spent and the delivery has failed for good.
 *
 * @example nextWebhookAttemptAt(DEFAULT_WEBHOOK_RETRY_SCHEDULE, 1, new Date(0)) // 5 s later
 */
export function nextWebhookAttemptAt(schedule: readonly number[], attempts: number, now: Date): Date | null {
  const wait = schedule[attempts - 1];
  if (wait === undefined || attempts < 1) return null;
  return new Date(now.getTime() + Math.round(wait * 1000));
}
