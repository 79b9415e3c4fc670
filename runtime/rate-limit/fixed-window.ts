import type { QuotaResult, RateLimits } from '../core/index.ts';
import type { RateLimitPolicy } from '../domain/rate-limit-headers.ts';

/** Each policy's quota: `points` requests per `duration` seconds. */
export type Quotas = Readonly<Record<RateLimitPolicy, { points: number; duration: number }>>;

/** Fixed-window limits in this process's memory, on a clock of the caller's choosing. */
export interface FixedWindowLimits extends RateLimits {
  /** Forgets every window (the mocks' `reset()`). */
  reset(): void;
}

/** Expired windows are swept after this many requests: amortised, and no timer to stop. */
const SWEEP_EVERY = 10_000;

/** One key's window: the requests counted in it, and when it ends (ms since the epoch). */
interface Window {
  endsAt: number;
  used: number;
}

/**
 * Counts requests per key in fixed windows: a key's window starts at its first request and lasts
 * the duration that request names. Windows that have ended are swept now and then, so keys that
 * stop calling (or addresses that fail once) do not stay in memory. The one window arithmetic of
 * every in-memory limit (the API's, the mocks', the development sign-in's).
 *
 * @example const window = createWindowCounter().take('key_1', 60, Date.now()); window.used // 1
 */
export function createWindowCounter() {
  const windows = new Map<string, Window>();
  let sinceSweep = 0;
  return {
    /** Counts one request of `id` at `now`, in windows of `durationSeconds`; its window after. */
    take(id: string, durationSeconds: number, now: number): Readonly<Window> {
      if (++sinceSweep >= SWEEP_EVERY) {
        sinceSweep = 0;
        for (const [key, window] of windows) if (window.endsAt <= now) windows.delete(key);
      }
      let window = windows.get(id);
      if (!window || window.endsAt <= now) {
        window = { endsAt: now + durationSeconds * 1000, used: 0 };
        windows.set(id, window);
      }
      window.used += 1;
      return window;
    },
    /** Forgets every window. */
    clear: () => windows.clear(),
  };
}

/** Whole seconds until `window` ends, at least 1: a client that waits this long finds it reset. */
export const secondsLeft = (window: Readonly<Window>, now: number) =>
  Math.max(1, Math.ceil((window.endsAt - now) / 1000));

/**
 * Creates fixed-window limits on {@link createWindowCounter}: the server's limits when they are
 * not shared through Redis, and the mocks' (on the mock's clock).
 *
 * @example await createFixedWindowLimits(quotas, () => new Date()).consume('courses', 'key_1')
 */
export function createFixedWindowLimits(quotas: Quotas, clock: () => Date): FixedWindowLimits {
  const counter = createWindowCounter();
  return {
    async consume(policy, key): Promise<QuotaResult> {
      const now = clock().getTime();
      const { points, duration } = quotas[policy];
      const window = counter.take(`${policy}\n${key}`, duration, now);
      return {
        allowed: window.used <= points,
        policy,
        limit: points,
        windowSeconds: duration,
        remaining: Math.max(0, points - window.used),
        resetSeconds: secondsLeft(window, now),
      };
    },
    reset: counter.clear,
  };
}
