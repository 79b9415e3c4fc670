import { ApiError, type OperationInfo } from '@course-service/runtime';
import { type ForcedQuota, forcedError } from './forced-errors.ts';
import type { Failure, Scenarios } from './scenarios.ts';

/** What `x-mock-scenario` takes: the names of the scenario controls, and the status each forces. */
const SCENARIOS: Record<string, number | 'networkError'> = {
  rateLimited: 429,
  serverError: 500,
  unavailable: 503,
  networkError: 'networkError',
};

type OverrideHeader = 'prefer' | 'x-mock-scenario';

/** The `code` preference of a `Prefer` header (RFC 7240), e.g. `503` of `Prefer: code=503`. */
function preferredCode(prefer: string): string | undefined {
  for (const preference of prefer.split(',')) {
    const [name = '', value = ''] = (preference.split(';')[0] ?? '').split('=').map((part) => part.trim());
    if (name.toLowerCase() === 'code') return value.replace(/^"(.*)"$/, '$1');
  }
  return undefined;
}

/** A `400 validation_failed` naming the header, for an override the mock cannot honour. */
function refused(header: OverrideHeader, detail: string): Failure {
  const errors = [{ location: 'header', pointer: `/${header}`, detail }];
  return {
    error: new ApiError('validation_failed', `The ${header} header ${detail}.`, { extensions: { errors } }),
  };
}

function forced(
  operation: OperationInfo,
  status: number,
  quota: ForcedQuota,
  header: OverrideHeader,
): Failure {
  try {
    return { error: forcedError(operation, status, quota) };
  } catch (error) {
    return refused(header, `asks for a ${status}: ${(error as Error).message.replace(/\.$/, '')}`);
  }
}

/**
 * What a request asks a mock created with `overrides: true` to force: `Prefer: code=503` (Prism's
 * convention) that status, when the operation documents it; `x-mock-scenario: networkError` (or
 * `rateLimited`, `serverError`, `unavailable`) that scenario. A status the operation does not
 * document, or a name that is no scenario, is refused with a `400` saying what it takes. Without
 * either header, nothing is forced.
 *
 * @example requestOverride(new Headers({ prefer: 'code=503' }), operation, quota) // { error: 503 service_unavailable }
 */
function requestOverride(
  headers: Headers,
  operation: OperationInfo,
  quota: ForcedQuota,
): Failure | undefined {
  const scenario = headers.get('x-mock-scenario')?.trim();
  if (scenario !== undefined) {
    // Own names only: `__proto__` or `toString` would otherwise find the object's inherited members.
    const outcome = Object.hasOwn(SCENARIOS, scenario) ? SCENARIOS[scenario] : undefined;
    if (outcome === undefined) {
      return refused('x-mock-scenario', `names no scenario; it takes ${Object.keys(SCENARIOS).join(', ')}`);
    }
    return outcome === 'networkError' ? outcome : forced(operation, outcome, quota, 'x-mock-scenario');
  }
  const code = preferredCode(headers.get('prefer') ?? '');
  if (code === undefined) return undefined;
  if (!/^[1-5]\d\d$/.test(code)) return refused('prefer', `asks for code=${code}, which is no HTTP status`);
  return forced(operation, Number(code), quota, 'prefer');
}

/**
 * What the mock forces on this request: the override it carries (mocks created with `overrides:
 * true`), else the operation's next scenario, else nothing. An override takes no scenario's turn.
 *
 * @example const { failure, delayMs } = forcedOutcome(request, operation, scenarios, { overrides: true, rateLimit });
 */
export function forcedOutcome(
  request: Request,
  operation: OperationInfo | undefined,
  scenarios: Scenarios,
  options: { overrides: boolean; rateLimit: ForcedQuota },
): { failure?: Failure; delayMs: number } {
  if (!operation) return { delayMs: 0 };
  const failure = options.overrides
    ? requestOverride(request.headers, operation, options.rateLimit)
    : undefined;
  return failure ? { failure, delayMs: 0 } : scenarios.take(operation.operationId);
}
