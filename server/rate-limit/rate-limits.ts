import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { KeyEnvironment } from '../../domain/api-key-format.ts';
import {
  type RateLimitPolicy,
  type RateLimitState,
  rateLimitHeaders,
} from '../../domain/rate-limit-headers.ts';
import { ApiError } from '../http/api-error.ts';

/** The rate limiters. Backed by memory; `rate-limiter-flexible` has Redis and other stores for a shared one. */
export interface RateLimits {
  /** Takes one request from `key`'s quota; throws a 429 {@link ApiError} carrying the headers when it is used up. */
  consume(policy: RateLimitPolicy, key: string): Promise<RateLimitState>;
}

/** The quota that course calls made with a key of `environment` count against. */
export function coursePolicy(environment: KeyEnvironment): RateLimitPolicy {
  return environment === 'test' ? 'courses-test' : 'courses';
}

/** Creates the limiters: `max` requests per `windowSeconds`, and `authFailureMax` failed authentications. */
export function createRateLimits(options: {
  max: number;
  windowSeconds: number;
  authFailureMax: number;
}): RateLimits {
  const limiters: Record<RateLimitPolicy, RateLimiterMemory> = {
    courses: new RateLimiterMemory({
      points: options.max,
      duration: options.windowSeconds,
      keyPrefix: 'courses',
    }),
    // Test keys' traffic is counted apart, so a sandbox can never spend production quota.
    'courses-test': new RateLimiterMemory({
      points: options.max,
      duration: options.windowSeconds,
      keyPrefix: 'courses-test',
    }),
    'api-keys': new RateLimiterMemory({
      points: options.max,
      duration: options.windowSeconds,
      keyPrefix: 'api-keys',
    }),
    'auth-failures': new RateLimiterMemory({
      points: options.authFailureMax,
      duration: options.windowSeconds,
      keyPrefix: 'auth-failures',
    }),
  };
  const stateOf = (policy: RateLimitPolicy, result: RateLimiterRes): RateLimitState => ({
    policy,
    limit: limiters[policy].points,
    windowSeconds: options.windowSeconds,
    remaining: Math.max(0, result.remainingPoints),
    // Rounded up so a client that waits this long always finds the window reset.
    resetSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)),
  });
  return {
    async consume(policy, key) {
      try {
        return stateOf(policy, await limiters[policy].consume(key));
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        const state = stateOf(policy, rejection);
        throw new ApiError(
          'rate_limited',
          `Rate limit of ${state.limit} requests per ${state.windowSeconds} seconds exceeded; retry in ${state.resetSeconds} seconds.`,
          { headers: { ...rateLimitHeaders(state), 'Retry-After': String(state.resetSeconds) } },
        );
      }
    },
  };
}
