/** The logging an outage log needs; pino's logger (and the store's) fit it. */
interface OutageLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** Reports one dependency's outages: a line when one starts, a line when it ends, none between. */
export interface OutageLog {
  /**
   * A call failed because the dependency is away; logs only the first failure of an outage.
   * `epoch` ({@link epoch} when the call began; the current one by default) keeps a call that
   * began before the last recovery from opening a new outage: it met the old one.
   */
  failed(cause: unknown, epoch?: number): void;
  /**
   * A call succeeded; ends the outage, if there was one, with how long it lasted and what failed.
   * A call that began before the outage did (an older `epoch`) cannot end it: its answer was on
   * the wire already.
   */
  succeeded(epoch?: number): void;
  /** Whether an outage is going on. */
  readonly down: boolean;
  /** Counts the starts and ends of outages: read it when a call begins, pass it with its outcome. */
  readonly epoch: number;
}

/**
 * Creates the outage log of `dependency` (`postgres`, `redis`): under load every request meets an
 * outage, and a line per request would bury the one that matters. `effect` says what clients see
 * meanwhile. Calls in flight when an outage starts or ends settle on either side of it, in any
 * order, so only a call that began after the last change can change it again.
 *
 * @example const outage = createOutageLog(logger, 'postgres', 'requests answer 503'); outage.failed(err);
 */
export function createOutageLog(logger: OutageLogger, dependency: string, effect: string): OutageLog {
  let since: number | undefined;
  let epoch = 0;
  let failures = 0;
  return {
    get down() {
      return since !== undefined;
    },
    get epoch() {
      return epoch;
    },
    failed(cause, startedIn = epoch) {
      if (since !== undefined) {
        failures++;
        return;
      }
      if (startedIn !== epoch) return;
      epoch++;
      since = Date.now();
      failures = 1;
      logger.warn({ err: cause, dependency }, `${dependency} unavailable: ${effect}`);
    },
    succeeded(startedIn = epoch) {
      if (since === undefined || startedIn !== epoch) return;
      epoch++;
      logger.info({ dependency, ms: Date.now() - since, failedCalls: failures }, `${dependency} recovered`);
      since = undefined;
      failures = 0;
    },
  };
}
