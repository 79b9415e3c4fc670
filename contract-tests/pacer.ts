/**
 * The quota policy the spec names for failed authentication, counted per client address. The
 * suite fails authentication on purpose (a few dozen times when paced, see `auth-budget.ts`), so
 * against a server as deployed it may meet this limit, and must then wait it out rather than take
 * it for a fault.
 */
export const FAILED_AUTH_POLICY = 'auth-failures';

/** How long a run may spend waiting for the failed-authentication window unless told otherwise. */
const DEFAULT_MAX_WAIT_SECONDS = 600;

/** A 429 the pacer waited out, kept so the rate-limit suite can check it like any other 429. */
interface PacedReply {
  status: number;
  headers: Headers;
  body: unknown;
}

/**
 * Keeps the suite within the server's advertised failed-authentication budget: a `429` of the
 * {@link FAILED_AUTH_POLICY} policy is the server pacing us, so the request is retried after its
 * `Retry-After`, as long as the run's total wait stays within `maxWaitSeconds`.
 */
export interface Pacer {
  /** Seconds waited so far in this run. */
  readonly waitedSeconds: number;
  /** The first failed-authentication 429 waited out, if any. */
  readonly firstPaced: PacedReply | undefined;
  /**
   * Whether `response` is a failed-authentication 429; if so, waits its `Retry-After` and
   * resolves `true` (send the request again). Throws when the wait cannot be made: no usable
   * `Retry-After`, or the budget would be exceeded, with a message naming the setting to change.
   */
  waitIfPaced(response: Response, request: string): Promise<boolean>;
}

const policyName = (header: string | null) => /^"([^"]*)"/.exec(header ?? '')?.[1];

/**
 * Creates a pacer with a total wait budget; `log` receives one line per wait.
 *
 * @example
 * const pacer = createPacer({ maxWaitSeconds: 600 });
 * if (await pacer.waitIfPaced(response, 'GET /api/v1/courses')) retry();
 */
export function createPacer(options: {
  maxWaitSeconds: number;
  log?: (line: string) => void;
  sleep?: (ms: number) => Promise<void>;
}): Pacer {
  const log = options.log ?? ((line) => console.warn(line));
  const sleep = options.sleep ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let waited = 0;
  let firstPaced: PacedReply | undefined;
  return {
    get waitedSeconds() {
      return waited;
    },
    get firstPaced() {
      return firstPaced;
    },
    async waitIfPaced(response, request) {
      const policy = response.headers.get('RateLimit-Policy');
      if (response.status !== 429 || policyName(policy) !== FAILED_AUTH_POLICY) return false;
      const retryAfter = Number(response.headers.get('Retry-After'));
      if (!Number.isInteger(retryAfter) || retryAfter < 1) {
        throw new Error(
          `${request} answered 429 (${policy}) without a usable Retry-After ('${response.headers.get('Retry-After')}'): ` +
            'the spec requires one on every 429, and without it the suite cannot pace itself.',
        );
      }
      if (waited + retryAfter > options.maxWaitSeconds) {
        throw new Error(
          `The server's failed-authentication limit (${policy}) asks for another ${retryAfter} s of waiting, ` +
            `past this run's wait budget of ${options.maxWaitSeconds} s (${waited} s spent). Raise the budget ` +
            'with --max-wait / CONTRACT_MAX_WAIT_SECONDS.',
        );
      }
      firstPaced ??= {
        status: response.status,
        headers: response.headers,
        body: await response
          .clone()
          .json()
          .catch(() => undefined),
      };
      log(
        `contract: failed-authentication limit reached (${policy}); waiting ${retryAfter} s (Retry-After) ` +
          `before sending ${request} again [${waited + retryAfter} of ${options.maxWaitSeconds} s wait budget]`,
      );
      waited += retryAfter;
      await sleep(retryAfter * 1000);
      return true;
    },
  };
}

/**
 * Reads the wait budget from `CONTRACT_MAX_WAIT_SECONDS` (whole seconds, 0 to refuse any wait).
 *
 * @example maxWaitSeconds({ CONTRACT_MAX_WAIT_SECONDS: '120' }) // 120
 */
export function maxWaitSeconds(env: Record<string, string | undefined>): number {
  const raw = env.CONTRACT_MAX_WAIT_SECONDS?.trim();
  if (!raw) return DEFAULT_MAX_WAIT_SECONDS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`CONTRACT_MAX_WAIT_SECONDS must be a whole number of seconds, got '${raw}'`);
  }
  return value;
}
