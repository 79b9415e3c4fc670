import { createFixedWindowLimits, type Quotas } from '@course-service/runtime/rate-limit';
import type { RateLimitService } from './rate-limit-service.ts';
import type { RedisProbe } from './redis-probe.ts';

/** How to build the limiters; `redis` makes them shared by every instance using the same Redis and prefix. */
export interface RateLimitOptions {
  max: number;
  windowSeconds: number;
  authFailureMax: number;
  /** Keys created per subject, a sensitive flow with a quota (and window) of its own. */
  keyCreation: { max: number; windowSeconds: number };
  redis?: { url: string; keyPrefix: string } | undefined;
  /** Where Redis outages are reported, once each. */
  logger?: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
  /** Told of Redis errors and of the memory fallback (metrics). */
  redisProbe?: RedisProbe | undefined;
}

/**
 * Creates the limiters: `max` requests per `windowSeconds`, and `authFailureMax` failed
 * authentications. In this process's memory by default (fixed windows); with `redis`, in Redis
 * (`redis-limits.ts`), so limits and the `RateLimit` headers hold for the whole fleet.
 */
export async function createRateLimits(options: RateLimitOptions): Promise<RateLimitService> {
  const window = options.windowSeconds;
  const quotas: Quotas = {
    courses: { points: options.max, duration: window },
    // Test keys' traffic is counted apart, so a sandbox can never spend production quota.
    'courses-test': { points: options.max, duration: window },
    'api-keys': { points: options.max, duration: window },
    'key-creation': { points: options.keyCreation.max, duration: options.keyCreation.windowSeconds },
    'auth-failures': { points: options.authFailureMax, duration: window },
  };
  if (options.redis) {
    // The Redis client is loaded only when configured: an embedded server never pays its start-up.
    const { createRedisLimits } = await import('./redis-limits.ts');
    return createRedisLimits(quotas, { ...options.redis, logger: options.logger, probe: options.redisProbe });
  }
  const limits = createFixedWindowLimits(quotas, () => new Date());
  return { consume: limits.consume, checkHealth: undefined, close: async () => undefined };
}
