import type { KeyEnvironment } from './api-key-format.ts';

/**
 * The quotas the service keeps: course calls per API key (`courses` for production keys,
 * `courses-test` for test keys), key management per subject, keys created per subject, and failed
 * authentication per client address.
 */
export type RateLimitPolicy = 'courses' | 'courses-test' | 'api-keys' | 'key-creation' | 'auth-failures';

/**
 * The quota that course calls made with a key of `environment` count against.
 *
 * @example coursePolicy('test') // 'courses-test'
 */
export function coursePolicy(environment: KeyEnvironment): RateLimitPolicy {
  return environment === 'test' ? 'courses-test' : 'courses';
}

/** Where a caller stands in a quota after a request, ready for the `RateLimit*` headers. */
export interface RateLimitState {
  policy: RateLimitPolicy;
  limit: number;
  windowSeconds: number;
  remaining: number;
  resetSeconds: number;
}

/**
 * The IETF draft's structured `RateLimit-Policy` and `RateLimit` header values.
 *
 * @example rateLimitHeaders(state) // { 'RateLimit-Policy': '"courses";q=100;w=60', RateLimit: '"courses";r=99;t=60' }
 */
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    'RateLimit-Policy': `"${state.policy}";q=${state.limit};w=${state.windowSeconds}`,
    RateLimit: `"${state.policy}";r=${state.remaining};t=${state.resetSeconds}`,
  };
}
