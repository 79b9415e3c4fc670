import type { QuotaResult, RateLimits } from '../core/index.ts';

/** Fixed-window counters on the mock's clock, as the server's in-memory limiter keeps them. */
export interface MockRateLimits extends RateLimits {
  reset(): void;
}

/**
 * Creates the limiter: `max` requests per `windowSeconds` in every policy (`authFailureMax` for
 * failed authentication), each window starting at a key's first request, on the mock's `clock`.
 *
 * @example await createRateLimiter({ max: 2, windowSeconds: 60, authFailureMax: 20 }, () => new Date()).consume('courses', 'key_1')
 */
export function createRateLimiter(
  options: { max: number; windowSeconds: number; authFailureMax: number },
  clock: () => Date,
): MockRateLimits {
  const windows = new Map<string, { endsAt: number; used: number }>();
  return {
    async consume(policy, key): Promise<QuotaResult> {
      const now = clock().getTime();
      const id = `${policy}\n${key}`;
      let window = windows.get(id);
      if (!window || window.endsAt <= now) {
        window = { endsAt: now + options.windowSeconds * 1000, used: 0 };
        windows.set(id, window);
      }
      window.used += 1;
      const limit = policy === 'auth-failures' ? options.authFailureMax : options.max;
      return {
        allowed: window.used <= limit,
        policy,
        limit,
        windowSeconds: options.windowSeconds,
        remaining: Math.max(0, limit - window.used),
        // Rounded up so a client that waits this long always finds the window reset.
        resetSeconds: Math.max(1, Math.ceil((window.endsAt - now) / 1000)),
      };
    },
    reset: () => windows.clear(),
  };
}
