import { type RateLimitPolicy, type RateLimitState, rateLimitHeaders } from '../domain/rate-limit-headers.ts';
import { MockApiError } from './mock-error.ts';

/** Fixed-window counters, as the server's in-memory limiter keeps them. */
export interface RateLimiter {
  /** Takes one request from `key`'s quota; throws a 429 {@link MockApiError} when it is used up. */
  consume(policy: RateLimitPolicy, key: string): RateLimitState;
  reset(): void;
}

/**
 * The 429 the service answers when a quota is used up, with `Retry-After` and the quota headers.
 *
 * @example throw rateLimited({ policy: 'courses', limit: 100, windowSeconds: 60, remaining: 0, resetSeconds: 42 });
 */
export function rateLimited(state: RateLimitState): MockApiError {
  return new MockApiError(
    'rate_limited',
    `Rate limit of ${state.limit} requests per ${state.windowSeconds} seconds exceeded; retry in ${state.resetSeconds} seconds.`,
    { headers: { ...rateLimitHeaders(state), 'Retry-After': String(state.resetSeconds) } },
  );
}

/**
 * Creates the limiter: `max` requests per `windowSeconds` (`authFailureMax` for failed
 * authentication), the window starting at a key's first request.
 *
 * @example createRateLimiter({ max: 2, windowSeconds: 60, authFailureMax: 20 }, () => new Date())
 */
export function createRateLimiter(
  options: { max: number; windowSeconds: number; authFailureMax: number },
  clock: () => Date,
): RateLimiter {
  const windows = new Map<string, { endsAt: number; used: number }>();
  return {
    consume(policy, key) {
      const now = clock().getTime();
      const id = `${policy}\n${key}`;
      let window = windows.get(id);
      if (!window || window.endsAt <= now) {
        window = { endsAt: now + options.windowSeconds * 1000, used: 0 };
        windows.set(id, window);
      }
      window.used += 1;
      const limit = policy === 'auth-failures' ? options.authFailureMax : options.max;
      const state: RateLimitState = {
        policy,
        limit,
        windowSeconds: options.windowSeconds,
        remaining: Math.max(0, limit - window.used),
        // Rounded up so a client that waits this long always finds the window reset.
        resetSeconds: Math.max(1, Math.ceil((window.endsAt - now) / 1000)),
      };
      if (window.used > limit) throw rateLimited(state);
      return state;
    },
    reset: () => windows.clear(),
  };
}
