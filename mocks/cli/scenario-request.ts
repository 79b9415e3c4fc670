import type { ProblemCode } from '@course-service/runtime/domain/problems';
import type { CourseServiceMock, OperationId } from '../index.ts';

/**
 * A scenario as another language sends it (`POST /__mock/scenarios`) or the command line sets it
 * (`--scenario`): `mock.scenario(operationId)[scenario]({ times, retryAfter, … })` as JSON.
 */
export interface ScenarioRequest {
  operationId: string;
  /** A member of `ScenarioControl`: rateLimited, serverError, unavailable, problem, networkError, delay, clear. */
  scenario: string;
  times?: number;
  retryAfter?: number;
  /** The problem code of `problem`. */
  code?: string;
  /** The detail of `problem`. */
  detail?: string;
  /** The milliseconds of `delay`. */
  ms?: number;
}

const SCENARIOS = ['rateLimited', 'serverError', 'unavailable', 'problem', 'networkError', 'delay', 'clear'];

/**
 * Sets the scenario on `mock`; throws a `TypeError` saying what is wrong, as `mock.scenario()` does
 * for an unknown operation or a status the operation does not document.
 *
 * @example applyScenario(mock, { operationId: 'createCourse', scenario: 'rateLimited', times: 1 })
 */
export function applyScenario(mock: CourseServiceMock, request: ScenarioRequest): void {
  if (request === null || typeof request !== 'object' || typeof request.operationId !== 'string')
    throw new TypeError('a scenario names its operation: {"operationId": "createCourse", "scenario": …}');
  const control = mock.scenario(request.operationId as OperationId);
  const { times, retryAfter, detail } = request;
  switch (request.scenario) {
    case 'rateLimited':
      return void control.rateLimited({ times, retryAfter });
    case 'unavailable':
      return void control.unavailable({ times, retryAfter });
    case 'serverError':
      return void control.serverError({ times });
    case 'networkError':
      return void control.networkError({ times });
    case 'problem':
      return void control.problem(request.code as ProblemCode, { times, detail });
    case 'delay':
      return void control.delay(request.ms as number, { times });
    case 'clear':
      return void control.clear();
    default:
      throw new TypeError(`'${request.scenario}' is no scenario; there are ${SCENARIOS.join(', ')}`);
  }
}

/**
 * A `--scenario` flag as a {@link ScenarioRequest}: `getCourse=serverError,times=2` (numbers for
 * `times`, `retryAfter` and `ms`).
 *
 * @example scenarioFlag('createCourse=rateLimited,retryAfter=2') // { operationId: 'createCourse', scenario: 'rateLimited', retryAfter: 2 }
 */
export function scenarioFlag(flag: string): ScenarioRequest {
  const [first = '', ...rest] = flag.split(',');
  const [operationId = '', scenario = ''] = first.split('=');
  const request: Record<string, string | number> = { operationId, scenario };
  for (const part of rest) {
    const [name = '', value = ''] = part.split('=');
    if (!['times', 'retryAfter', 'code', 'detail', 'ms'].includes(name))
      throw new TypeError(`'${name}' is no scenario setting; there are times, retryAfter, code, detail, ms`);
    request[name] = ['code', 'detail'].includes(name) ? value : Number(value);
  }
  return request as unknown as ScenarioRequest;
}
