import type { OperationId, OperationInfo } from '@course-service/runtime';
import type { ProblemCode } from '@course-service/runtime/domain/problems';
import { type ForcedQuota, forcedError, forcedProblem } from './forced-errors.ts';

/** How many of the next calls a scenario applies to; absent means every call until cleared. */
export interface Times {
  times?: number | undefined;
}

/**
 * Forced outcomes for one operation: the paths that are hard to reach against a real service.
 *
 * @example mock.scenario('listCourses').serverError({ times: 2 }).delay(500)
 */
export interface ScenarioControl {
  /** Answer `429 rate_limited` with `Retry-After: retryAfter` (default 1), `retry-after-ms` and the quota headers. */
  rateLimited(options?: Times & { retryAfter?: number | undefined }): ScenarioControl;
  /** Answer `500 internal_error`. */
  serverError(options?: Times): ScenarioControl;
  /** Answer `503 service_unavailable` with `Retry-After: retryAfter` (default 1) and `retry-after-ms`, as during an outage. */
  unavailable(options?: Times & { retryAfter?: number | undefined }): ScenarioControl;
  /**
   * Answer the problem `code` (with `detail`, or a sentence naming it), e.g. `key_already_rolled`
   * for `rollApiKey`: any problem whose status the operation documents.
   */
  problem(code: ProblemCode, options?: Times & { detail?: string | undefined }): ScenarioControl;
  /** Fail the request as a network error (`fetch` rejects; no response). */
  networkError(options?: Times): ScenarioControl;
  /** Answer `ms` milliseconds later than usual (combines with the others). */
  delay(ms: number, options?: Times): ScenarioControl;
  /** Remove every scenario of this operation. */
  clear(): ScenarioControl;
}

/** A forced failure: the error to answer with (rendered as the service renders it), or no answer at all. */
export type Failure = { error: unknown } | 'networkError';

type Rule<T> = { value: T; remaining: number };

/** Every operation's scenarios. */
export interface Scenarios {
  control(operationId: OperationId): ScenarioControl;
  /** What applies to this call of `operationId`; counts the call against `times`. */
  take(operationId: string): { failure?: Failure; delayMs: number };
  reset(): void;
}

function takeFirst<T>(rules: Rule<T>[]): T | undefined {
  const rule = rules[0];
  if (!rule) return undefined;
  rule.remaining -= 1;
  if (rule.remaining <= 0) rules.shift();
  return rule.value;
}

/**
 * Creates the scenario registry over the spec's operations. Scenarios run in the order they were
 * set: `.serverError({ times: 1 }).rateLimited({ times: 1 })` fails the next call with 500, the one
 * after with 429, then answers normally. A forced answer is one the spec documents for that
 * operation; asking for another throws at once.
 *
 * @example createScenarios(operations, { max: 100, windowSeconds: 60 }).control('createCourse').rateLimited({ times: 1 })
 */
export function createScenarios(operations: readonly OperationInfo[], quota: ForcedQuota): Scenarios {
  const failures = new Map<string, Rule<Failure>[]>();
  const delays = new Map<string, Rule<number>[]>();
  const rulesOf = <T>(map: Map<string, Rule<T>[]>, id: string) =>
    map.get(id) ?? map.set(id, []).get(id) ?? [];
  const remaining = (options: Times = {}, what = 'times') => {
    const times = options.times ?? Number.POSITIVE_INFINITY;
    if (!(times >= 1) || (Number.isFinite(times) && !Number.isInteger(times)))
      throw new TypeError(`${what} must be a whole number of at least 1`);
    return times;
  };
  return {
    control(operationId) {
      const operation = operations.find((op) => op.operationId === operationId);
      if (!operation) {
        throw new TypeError(
          `Unknown operation '${operationId}'; the spec has ${operations.map((op) => op.operationId).join(', ')}.`,
        );
      }
      const fail = (value: Failure, options: Times | undefined) => {
        rulesOf(failures, operationId).push({ value, remaining: remaining(options) });
        return control;
      };
      const force = (status: number, options: Times & { retryAfter?: number | undefined } = {}) =>
        fail({ error: forcedError(operation, status, quota, options.retryAfter) }, options);
      const control: ScenarioControl = {
        rateLimited: (options) => force(429, options),
        serverError: (options) => force(500, options),
        unavailable: (options) => force(503, options),
        problem: (code, options = {}) =>
          fail({ error: forcedProblem(operation, code, options.detail) }, options),
        networkError: (options) => fail('networkError', options),
        delay(ms, options) {
          if (!(ms >= 0) || !Number.isFinite(ms))
            throw new TypeError('delay takes a finite number of milliseconds');
          rulesOf(delays, operationId).push({ value: ms, remaining: remaining(options) });
          return control;
        },
        clear() {
          failures.delete(operationId);
          delays.delete(operationId);
          return control;
        },
      };
      return control;
    },
    take(operationId) {
      const failure = takeFirst(failures.get(operationId) ?? []);
      const delayMs = takeFirst(delays.get(operationId) ?? []) ?? 0;
      return failure ? { failure, delayMs } : { delayMs };
    },
    reset() {
      failures.clear();
      delays.clear();
    },
  };
}
