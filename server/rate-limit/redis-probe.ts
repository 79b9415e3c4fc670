/**
 * What the Redis connection reports, for metrics: the errors its client raises and whether the
 * limits are kept in this instance's memory meanwhile. {@link NO_REDIS_PROBE} ignores both.
 */
export interface RedisProbe {
  /** The Redis client raised an error (a connection lost or refused, a command that failed). */
  failed(): void;
  /** Registers how to read whether the limits fall back to memory now, read whenever metrics are collected. */
  watchFallback(read: () => boolean): void;
}

/** The probe that ignores everything: the default. */
export const NO_REDIS_PROBE: RedisProbe = { failed: () => undefined, watchFallback: () => undefined };
