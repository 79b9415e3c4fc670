import type { QuotaResult } from '@course-service/runtime';
import type { RateLimitPolicy } from '@course-service/runtime/domain/rate-limit-headers';
import type { Quotas } from '@course-service/runtime/rate-limit';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { RateLimitService } from './rate-limit-service.ts';
import { connectRedis } from './redis-connection.ts';
import type { RedisProbe } from './redis-probe.ts';

/**
 * Limits kept in Redis by rate-limiter-flexible (atomic per key, shared by every instance that
 * uses the same Redis and prefix). While Redis is unreachable each instance falls back to its own
 * memory limiter (the library's insurance limiter): requests keep being served and limited, per
 * instance, and `GET /healthz` reports Redis down. Waits (briefly) for the first connection, so
 * the first requests are not counted apart from the fleet's.
 */
export async function createRedisLimits(
  quotas: Quotas,
  options: {
    url: string;
    keyPrefix: string;
    logger?: Parameters<typeof connectRedis>[1];
    probe?: RedisProbe | undefined;
  },
): Promise<RateLimitService> {
  const redis = connectRedis(options.url, options.logger, options.probe);
  await redis.ready;
  const limiters = {} as Record<RateLimitPolicy, RateLimiterAbstract>;
  for (const [policy, { points, duration }] of Object.entries(quotas) as Array<
    [RateLimitPolicy, Quotas[RateLimitPolicy]]
  >) {
    limiters[policy] = new RateLimiterRedis({
      storeClient: redis.client,
      points,
      duration,
      keyPrefix: `${options.keyPrefix}rl:${policy}`,
      // Not connected: go to the insurance limiter at once rather than queue behind reconnects.
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ points, duration, keyPrefix: policy }),
    });
  }
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
    checkHealth: () => redis.checkHealth(),
    close: () => redis.close(),
  };
}
