import { tally } from '../check-tally.ts';
import { CheckFailure, type CheckName } from '../checks.ts';
import type { RawReply } from '../contract.ts';
import { failureLog, recordResponse } from '../failure-log.ts';

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
  /** A broken promise; with the `reply` that broke it, its `curl` goes into the message and the report. */
  fail(message: string, reply?: RawReply): void;
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
    fail(message, reply) {
      tally.fail(check, message);
      if (!reply) {
        failures.push(message);
        return;
      }
      const { operationId, curl, ...request } = reply.sent;
      const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
      const response = recordResponse(reply.status, reply.headers, text);
      failureLog.add({ check, operationId, request, curl, response, expectation: message });
      failures.push(`${message}\n    reproduce: ${curl}`);
    },
    done() {
      if (failures.length > 0) throw new CheckFailure(check, failures.join('\n'));
    },
  };
}
