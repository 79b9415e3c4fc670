import type { DependencyHealth, RateLimits } from '@course-service/runtime';

/** Rate limits plus what their owner needs: a health check for the shared store, and closing it. */
export interface RateLimitService extends RateLimits {
  /** The Redis check, or `undefined` when limits are kept in this process's memory. */
  checkHealth: (() => Promise<DependencyHealth>) | undefined;
  close(): Promise<void>;
}
