import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WEBHOOK_RETRY_SCHEDULE,
  nextWebhookAttemptAt,
  parseWebhookRetrySchedule,
} from './webhook-schedule.ts';

const now = new Date('2026-11-29T00:00:00.000Z');
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe('the webhook retry schedule', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h after the first seven failed attempts', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7].map((attempts) =>
      nextWebhookAttemptAt(DEFAULT_WEBHOOK_RETRY_SCHEDULE, attempts, now),
    );
    expect(waits).toEqual([5, 300, 1800, 7200, 18_000, 36_000, 36_000].map(later));
  });

  it('gives up after the eighth failed attempt', () => {
    expect(nextWebhookAttemptAt(DEFAULT_WEBHOOK_RETRY_SCHEDULE, 8, now)).toBeNull();
  });

  it('follows a custom schedule, then gives up', () => {
    expect(nextWebhookAttemptAt([0.5], 1, now)).toEqual(new Date(now.getTime() + 500));
    expect(nextWebhookAttemptAt([0.5], 2, now)).toBeNull();
  });

  it('reads waits in seconds, comma-separated, fractions and spaces allowed', () => {
    expect(parseWebhookRetrySchedule('0.2, 0.5,1')).toEqual([0.2, 0.5, 1]);
    expect(parseWebhookRetrySchedule('5,300,1800,7200,18000,36000,36000')).toEqual(
      DEFAULT_WEBHOOK_RETRY_SCHEDULE,
    );
  });

  it.each(['', '1,,2', 'soon', '-1', '1,2,999999999', Array(21).fill('1').join(',')])(
    "refuses '%s' with a message naming the expected form",
    (text) => {
      expect(parseWebhookRetrySchedule(text)).toMatch(/^1 to 20 waits in seconds/);
    },
  );
});
