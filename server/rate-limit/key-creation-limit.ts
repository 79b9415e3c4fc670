import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from '../http/api-error.ts';

/** The quota on API key creation, per subject: a sensitive flow (OWASP API6) with a quota of its own. */
export interface KeyCreationLimit {
  /** Takes one creation from `subject`'s quota; throws a 429 {@link ApiError} when it is used up. */
  consume(subject: string): Promise<void>;
}

const POLICY = 'key-creation';

/**
 * Creates the limit: `max` new keys per subject per `windowSeconds`, on top of the key-management
 * request quota, so a stolen ID token cannot mint keys by the thousand.
 *
 * @example await createKeyCreationLimit({ max: 20, windowSeconds: 3600 }).consume('alice');
 */
export function createKeyCreationLimit(options: { max: number; windowSeconds: number }): KeyCreationLimit {
  const limiter = new RateLimiterMemory({
    points: options.max,
    duration: options.windowSeconds,
    keyPrefix: POLICY,
  });
  return {
    async consume(subject) {
      try {
        await limiter.consume(subject);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        const reset = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        throw new ApiError(
          'rate_limited',
          `At most ${options.max} API keys may be created per ${options.windowSeconds} seconds; retry in ${reset} seconds.`,
          {
            headers: {
              'RateLimit-Policy': `"${POLICY}";q=${options.max};w=${options.windowSeconds}`,
              RateLimit: `"${POLICY}";r=0;t=${reset}`,
              'Retry-After': String(reset),
            },
          },
        );
      }
    },
  };
}
