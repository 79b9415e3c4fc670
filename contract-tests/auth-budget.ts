import { FAILED_AUTH_POLICY } from './pacer.ts';

/** A rate-limit policy: `quota` requests per `windowSeconds`. */
export interface QuotaPolicy {
  quota: number;
  windowSeconds: number;
}

/**
 * An upper bound of the failed authentications the whole suite sends when every credential check
 * probes every operation (about 140 today): a quota of at least this many per window holds the
 * full plan without a wait.
 */
const FULL_PLAN_FAILURES = 200;

/**
 * The run's plan for failed authentication, from the server's advertised `auth-failures` policy.
 * Groups of deliberate failed authentications (the credential checks) send their full set of
 * probes only when the quota holds the whole full plan; otherwise their paced set (one probe per
 * operation, or per kind of bad credential, taking turns), a few dozen in all, so a run against a
 * server's default limits (20 a minute) waits for one window at most instead of one after another.
 */
export interface AuthBudget {
  /** The advertised policy: given by the target, or read from any answer that names it. */
  readonly policy: QuotaPolicy | undefined;
  /** Failed authentications the run has caused (401 answers, and 429s of the policy). */
  readonly spent: number;
  /** Whether credential checks send their full set of probes; decided at the first ask, for the run. */
  readonly full: boolean;
  /** Reads an answer: the policy it advertises, and whether it was a failed authentication. */
  observe(response: Response): void;
}

const POLICY = /^"([^"]+)";q=(\d+);w=(\d+)$/;

/**
 * Starts an empty budget; `known` is the policy when the target knows it (the built-in server and
 * the mocks configure their own); a deployment advertises it in `RateLimit-Policy`.
 *
 * @example
 * const budget = createAuthBudget({ quota: 1_000_000, windowSeconds: 60 });
 * budget.full; // true
 */
export function createAuthBudget(known?: QuotaPolicy): AuthBudget {
  let policy = known;
  let spent = 0;
  let full: boolean | undefined;
  return {
    get policy() {
      return policy;
    },
    get spent() {
      return spent;
    },
    get full() {
      full ??= policy !== undefined && policy.quota - spent >= FULL_PLAN_FAILURES;
      return full;
    },
    observe(response) {
      const advertised = POLICY.exec(response.headers.get('RateLimit-Policy') ?? '');
      if (advertised?.[1] === FAILED_AUTH_POLICY)
        policy = { quota: Number(advertised[2]), windowSeconds: Number(advertised[3]) };
      if (response.status === 401 || (response.status === 429 && advertised?.[1] === FAILED_AUTH_POLICY))
        spent++;
    },
  };
}
