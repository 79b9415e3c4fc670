import { FAILED_AUTH_POLICY } from './pacer.ts';

/** A rate-limit policy: `quota` requests per `windowSeconds`. */
export interface QuotaPolicy {
  quota: number;
  windowSeconds: number;
}

/**
 * What the run may still spend on failed authentication, from the server's advertised
 * `auth-failures` policy. Groups of deliberate failed authentications (the credential checks)
 * ask {@link AuthBudget.fits} before choosing between their full set of probes and their paced one
 * (one probe per operation or per kind of bad credential), so a run against a server's default
 * limits stays within its window instead of waiting one out after another.
 */
export interface AuthBudget {
  /** The advertised policy: given by the target, or read from any answer that names it. */
  readonly policy: QuotaPolicy | undefined;
  /** Failed authentications the run has caused (401 answers, and 429s of the policy). */
  readonly spent: number;
  /** Whether `probes` more failed authentications fit in what is left of the current window. */
  fits(probes: number): boolean;
  /** Reads an answer: the policy and window it advertises, and whether it was a failed authentication. */
  observe(response: Response): void;
}

const POLICY = /^"([^"]+)";q=(\d+);w=(\d+)$/;
const STATE = /^"([^"]+)";r=(\d+);t=(\d+)$/;

/**
 * Starts an empty budget; `known` is the policy when the target knows it (the built-in server and
 * the mocks configure their own); a deployment advertises it in `RateLimit-Policy`.
 *
 * @example
 * const budget = createAuthBudget({ quota: 20, windowSeconds: 60 });
 * budget.fits(2); // true
 */
export function createAuthBudget(known?: QuotaPolicy, now = () => Date.now()): AuthBudget {
  let policy = known;
  let spent = 0;
  let used = 0;
  let windowEndsAt = 0;
  const rollOver = () => {
    if (policy && now() >= windowEndsAt) {
      used = 0;
      windowEndsAt = now() + policy.windowSeconds * 1000;
    }
  };
  return {
    get policy() {
      return policy;
    },
    get spent() {
      return spent;
    },
    fits(probes) {
      if (!policy) return false;
      rollOver();
      return used + probes <= policy.quota;
    },
    observe(response) {
      const advertised = POLICY.exec(response.headers.get('RateLimit-Policy') ?? '');
      const isAuthPolicy = advertised?.[1] === FAILED_AUTH_POLICY;
      if (response.status !== 401 && !(response.status === 429 && isAuthPolicy)) return;
      spent++;
      if (isAuthPolicy && advertised)
        policy = { quota: Number(advertised[2]), windowSeconds: Number(advertised[3]) };
      const state = STATE.exec(response.headers.get('RateLimit') ?? '');
      if (policy && state?.[1] === FAILED_AUTH_POLICY) {
        // The server says where its window stands: trust it over our own count.
        used = policy.quota - Number(state[2]);
        windowEndsAt = now() + Number(state[3]) * 1000;
        return;
      }
      rollOver();
      used++;
    },
  };
}
