/** The logging an outage log needs; pino's logger (and the store's) fit it. */
interface OutageLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** Reports one dependency's outages: a line when one starts, a line when it ends, none between. */
export interface OutageLog {
  /** A call failed because the dependency is away; logs only the first failure of an outage. */
  failed(cause: unknown): void;
  /** A call succeeded; ends the outage, if there was one, with how long it lasted and what failed. */
  succeeded(): void;
  /** Whether an outage is going on. */
  readonly down: boolean;
}

/**
 * Creates the outage log of `dependency` (`postgres`, `redis`): under load every request meets an
 * outage, and a line per request would bury the one that matters. `effect` says what clients see
 * meanwhile.
 *
 * @example const outage = createOutageLog(logger, 'postgres', 'requests answer 503'); outage.failed(err);
 */
export function createOutageLog(logger: OutageLogger, dependency: string, effect: string): OutageLog {
  let since: number | undefined;
  let failures = 0;
  return {
    get down() {
      return since !== undefined;
    },
    failed(cause) {
      failures++;
      if (since !== undefined) return;
      since = Date.now();
      logger.warn({ err: cause, dependency }, `${dependency} unavailable: ${effect}`);
    },
    succeeded() {
      if (since === undefined) return;
      logger.info({ dependency, ms: Date.now() - since, failedCalls: failures }, `${dependency} recovered`);
      since = undefined;
      failures = 0;
    },
  };
}
