import type { QuotaResult, RateLimits } from '../../core/index.ts';
import type { RateLimitPolicy } from '../../domain/rate-limit-headers.ts';

/** Each policy's quota: `points` requests per `duration` seconds. */
export type Quotas = Readonly<Record<RateLimitPolicy, { points: number; duration: number }>>;

/** Fixed-window limits in this process's memory, on a clock of the caller's choosing. */
export interface FixedWindowLimits extends RateLimits {
  /** Forgets every window (the mocks' `reset()`). */
  reset(): void;
}

/** Expired windows are swept after this many requests: amortised, and no timer to stop. */
const SWEEP_EVERY = 10_000;

/**
 * Creates fixed-window limits: each key's window starts at its first request and lasts its
 * policy's `duration`. The server's limits when they are not shared through Redis, and the mocks'
 * (on the mock's clock). Windows that have ended are swept now and then, so keys that stop
 * calling (or addresses that fail once) do not stay in memory.
 *
 * @example await createFixedWindowLimits(quotas, () => new Date()).consume('courses', 'key_1')
 */
export function createFixedWindowLimits(quotas: Quotas, clock: () => Date): FixedWindowLimits {
  const windows = new Map<string, { endsAt: number; used: number }>();
  let sinceSweep = 0;
  const sweep = (now: number) => {
    for (const [id, window] of windows) if (window.endsAt <= now) windows.delete(id);
  };
  return {
    async consume(policy, key): Promise<QuotaResult> {
      const now = clock().getTime();
      if (++sinceSweep >= SWEEP_EVERY) {
        sinceSweep = 0;
        sweep(now);
      }
      const { points, duration } = quotas[policy];
      const id = `${policy}\n${key}`;
      let window = windows.get(id);
      if (!window || window.endsAt <= now) {
        window = { endsAt: now + duration * 1000, used: 0 };
        windows.set(id, window);
      }
      window.used += 1;
      return {
        allowed: window.used <= points,
        policy,
        limit: points,
        windowSeconds: duration,
        remaining: Math.max(0, points - window.used),
        // Rounded up so a client that waits this long always finds the window reset.
        resetSeconds: Math.max(1, Math.ceil((window.endsAt - now) / 1000)),
      };
    },
    reset: () => windows.clear(),
  };
}
