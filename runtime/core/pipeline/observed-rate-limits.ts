import type { Observer } from '../model/observer.ts';
import type { RateLimits } from '../model/ports.ts';

/** `rateLimits`, reporting each refusal (a spent quota) to `observer` by its policy. */
export function observedRateLimits(rateLimits: RateLimits, observer: Observer): RateLimits {
  return {
    async consume(policy, key) {
      const result = await rateLimits.consume(policy, key);
      if (!result.allowed) observer.rateLimited(policy);
      return result;
    },
  };
}
