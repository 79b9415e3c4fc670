import { ApiError } from '@course-service/runtime';
import { createWindowCounter, secondsLeft } from '@course-service/runtime/rate-limit';

/**
 * A fixed-window quota per client address for the development authorization server's writes
 * (registering clients, submitting the sign-in form), so one address cannot fill the bounded maps
 * and evict everyone's clients and codes. In this process's memory, like the clients and codes; the
 * API's policies (`RateLimit-Policy`) are the contract's and stay apart.
 *
 * @example const take = addressQuota(60, 60); take(ctx.ip); // throws 429 once spent
 */
export function addressQuota(max: number, windowSeconds: number, clock: () => number = Date.now) {
  const counter = createWindowCounter();
  return function take(address: string): void {
    const now = clock();
    const window = counter.take(address, windowSeconds, now);
    if (window.used <= max) return;
    const retryAfter = secondsLeft(window, now);
    throw new ApiError(
      'rate_limited',
      `At most ${max} registrations and sign-ins per ${windowSeconds} seconds from one address; retry in ${retryAfter} seconds.`,
      { headers: { 'Retry-After': String(retryAfter) } },
    );
  };
}
