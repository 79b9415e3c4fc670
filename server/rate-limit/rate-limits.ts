import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { DependencyHealth, QuotaResult, RateLimits } from '../../core/index.ts';
import type { RateLimitPolicy } from '../../domain/rate-limit-headers.ts';
import type { RedisConnection } from './redis-connection.ts';

/** Rate limits plus what their owner needs: a health check for the shared store, and closing it. */
export interface RateLimitService extends RateLimits {
  /** The Redis check, or `undefined` when limits are kept in this process's memory. */
  checkHealth: (() => Promise<DependencyHealth>) | undefined;
  close(): Promise<void>;
}

/** How to build the limiters; `redis` makes them shared by every instance using the same Redis and prefix. */
export interface RateLimitOptions {
  max: number;
  windowSeconds: number;
  authFailureMax: number;
  /** Keys created per subject, a sensitive flow with a quota (and window) of its own. */
  keyCreation: { max: number; windowSeconds: number };
  redis?: { url: string; keyPrefix: string } | undefined;
}

/**
 * Creates the limiters: `max` requests per `windowSeconds`, and `authFailureMax` failed
 * authentications. In memory by default; with `redis`, in Redis, so limits and the `RateLimit`
 * headers hold for the whole fleet. While Redis is unreachable each instance falls back to its
 * own memory limiter (rate-limiter-flexible's insurance limiter): requests keep being served and
 * limited, per instance, and `GET /healthz` reports Redis down. Waits (briefly) for the first
 * connection, so the first requests are not counted apart from the fleet's.
 */
export async function createRateLimits(options: RateLimitOptions): Promise<RateLimitService> {
  // The Redis client is loaded only when configured: an embedded server never pays its start-up.
  const redis = options.redis && (await import('./redis-connection.ts')).connectRedis(options.redis.url);
  await redis?.ready;
  const window = options.windowSeconds;
  const quotas: Record<RateLimitPolicy, { points: number; duration: number }> = {
    courses: { points: options.max, duration: window },
    // Test keys' traffic is counted apart, so a sandbox can never spend production quota.
    'courses-test': { points: options.max, duration: window },
    'api-keys': { points: options.max, duration: window },
    'key-creation': { points: options.keyCreation.max, duration: options.keyCreation.windowSeconds },
    'auth-failures': { points: options.authFailureMax, duration: window },
  };
  const limiters = Object.fromEntries(
    Object.entries(quotas).map(([policy, { points, duration }]) => [
      policy,
      limiterFor(policy, points, duration, redis, options.redis?.keyPrefix ?? ''),
    ]),
  ) as Record<RateLimitPolicy, RateLimiterAbstract>;
  const stateOf = (policy: RateLimitPolicy, result: RateLimiterRes, allowed: boolean): QuotaResult => ({
    allowed,
    policy,
    limit: quotas[policy].points,
    windowSeconds: quotas[policy].duration,
    remaining: Math.max(0, result.remainingPoints),
    // Rounded up so a client that waits this long always finds the window reset.
    resetSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)),
  });
  return {
    async consume(policy, key) {
      try {
        return stateOf(policy, await limiters[policy].consume(key), true);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        return stateOf(policy, rejection, false);
      }
    },
    checkHealth: redis && (() => redis.checkHealth()),
    close: async () => redis?.close(),
  };
}

function limiterFor(
  policy: string,
  points: number,
  duration: number,
  redis: RedisConnection | undefined,
  prefix: string,
): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ points, duration, keyPrefix: policy });
  if (!redis) return memory;
  return new RateLimiterRedis({
    storeClient: redis.client,
    points,
    duration,
    keyPrefix: `${prefix}rl:${policy}`,
    // Not connected: go to the insurance limiter at once rather than queue behind reconnects.
    rejectIfRedisNotReady: true,
    insuranceLimiter: memory,
  });
}
