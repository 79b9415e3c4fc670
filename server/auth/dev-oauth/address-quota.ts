import { ApiError } from '../../../core/index.ts';

/**
 * A fixed-window quota per client address for the development authorization server's writes
 * (registering clients, submitting the sign-in form), so one address cannot fill the bounded maps
 * and evict everyone's clients and codes. In this process's memory, like the clients and codes; the
 * API's policies (`RateLimit-Policy`) are the contract's and stay apart.
 *
 * @example const take = addressQuota(60, 60_000); take(ctx.ip); // throws 429 once spent
 */
export function addressQuota(max: number, windowMs: number, clock: () => number = Date.now) {
  const windows = new Map<string, { endsAt: number; used: number }>();
  return function take(address: string): void {
    const now = clock();
    let window = windows.get(address);
    if (!window || window.endsAt <= now) {
      // Ended windows are swept once there are many, so idle addresses do not stay in memory.
      if (windows.size >= 1000)
        for (const [key, { endsAt }] of windows) if (endsAt <= now) windows.delete(key);
      window = { endsAt: now + windowMs, used: 0 };
      windows.set(address, window);
    }
    window.used += 1;
    if (window.used <= max) return;
    const retryAfter = Math.ceil((window.endsAt - now) / 1000);
    throw new ApiError(
      'rate_limited',
      `At most ${max} registrations and sign-ins per ${windowMs / 1000} seconds from one address; retry in ${retryAfter} seconds.`,
      { headers: { 'Retry-After': String(retryAfter) } },
    );
  };
}
