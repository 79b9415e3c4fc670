import { tally } from '../check-tally.ts';
import { CheckFailure, type CheckName } from '../checks.ts';

/** One generic check of one operation (or path, or link), ready to run as a test. */
export interface CheckCase {
  check: CheckName;
  /** What it is run on, e.g. `createCourse` or `createCourse → getCourse`. */
  title: string;
  /** Sends its requests; throws a {@link CheckFailure} naming the check when a promise is broken. */
  run(): Promise<void>;
}

/** One case's verdicts: each counted for the report, the failures thrown together at the end. */
export interface Verdicts {
  pass(): void;
  fail(message: string): void;
  /** Throws the failures, if any, as one {@link CheckFailure}. */
  done(): void;
}

/**
 * Starts the verdicts of one case of `check`.
 *
 * @example
 * const verdicts = judge('use-after-free');
 * if (reply.status === 404) verdicts.pass(); else verdicts.fail(`${label} answered ${reply.status}`);
 * verdicts.done();
 */
export function judge(check: CheckName): Verdicts {
  const failures: string[] = [];
  return {
    pass: () => tally.pass(check),
    fail(message) {
      tally.fail(check, message);
      failures.push(message);
    },
    done() {
      if (failures.length > 0) throw new CheckFailure(check, failures.join('\n'));
    },
  };
}
