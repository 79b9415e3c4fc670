import type { RateLimits } from './rate-limits.ts';

/** The quota on API key creation, per subject: a sensitive flow (OWASP API6) with a quota of its own. */
export interface KeyCreationLimit {
  /** Takes one creation from `subject`'s quota; throws a 429 `ApiError` when it is used up. */
  consume(subject: string): Promise<void>;
}

/**
 * The `key-creation` policy of the service's rate limits (so shared by the fleet when they live in
 * Redis), on top of the key-management request quota: a stolen ID token cannot mint keys by the
 * thousand. Counted only for creations that pass validation, not for idempotent replays.
 *
 * @example await createKeyCreationLimit(rateLimits).consume('alice');
 */
export function createKeyCreationLimit(rateLimits: RateLimits): KeyCreationLimit {
  return {
    async consume(subject) {
      await rateLimits.consume('key-creation', subject);
    },
  };
}
