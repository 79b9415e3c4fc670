import {
  ApiError,
  type OperationInfo,
  openApiDocument,
  REALM,
  rateLimited,
  resolveRef,
  serviceUnavailable,
} from '@course-service/runtime';
import { type ProblemCode, problemStatus } from '@course-service/runtime/domain/problems';

/** The quota the mock limits by, named in a forced `429`'s headers. */
export interface ForcedQuota {
  max: number;
  windowSeconds: number;
}

/** The members every problem has; the rest of an example are its extensions (`errors`, `missingScopes`, …). */
const PROBLEM_MEMBERS = new Set(['type', 'title', 'status', 'detail', 'instance', 'code', 'requestId']);

/** A forced answer's `Retry-After`: a whole number of seconds, at least 1 (default 1). */
function wholeSeconds(retryAfter = 1): number {
  if (!Number.isInteger(retryAfter) || retryAfter < 1)
    throw new TypeError('retryAfter must be a whole number of seconds, at least 1');
  return retryAfter;
}

/** The problem the spec shows as the first example of `operation`'s `status` response. */
function documentedProblem(operation: OperationInfo, status: number): Record<string, unknown> {
  const item = openApiDocument.paths[operation.path]?.[operation.method.toLowerCase()];
  const responses = (item as { responses: Record<string, unknown> }).responses;
  const content = resolveRef(openApiDocument, responses[String(status)]).content as
    | Record<string, { examples?: Record<string, unknown> }>
    | undefined;
  const example = Object.values(content?.['application/problem+json']?.examples ?? {})[0];
  const problem = resolveRef(openApiDocument, example)?.value as Record<string, unknown> | undefined;
  if (!problem?.code) throw new Error(`the spec shows no problem for ${operation.operationId}'s ${status}`);
  return problem;
}

/** Throws a `TypeError` listing the errors `operation` documents unless `status` is one of them. */
function assertDocumented(operation: OperationInfo, status: number): void {
  const documented = [...operation.statuses].filter((s) => s >= 400).sort((a, b) => a - b);
  if (!documented.includes(status)) {
    throw new TypeError(
      `${operation.operationId} does not document a ${status} error, so the mock will not send one; the errors it documents are ${documented.join(', ') || 'none'}.`,
    );
  }
}

/**
 * The problem `code` as a forced answer of `operation` (with `detail`, or a sentence naming it),
 * e.g. `key_already_rolled` for `rollApiKey`; throws as {@link forcedError} does when the
 * operation does not document the code's status.
 *
 * @example forcedProblem(operation, 'key_already_rolled') // 409 key_already_rolled
 */
export function forcedProblem(operation: OperationInfo, code: ProblemCode, detail?: string): ApiError {
  assertDocumented(operation, problemStatus(code));
  return new ApiError(code, detail ?? `A forced '${code}' problem, as the mock was told to answer.`);
}

/**
 * The error a forced `status` of `operation` answers with, for the service's one problem renderer:
 * `429` and `503` as the service sends them (quota headers, `Retry-After`), `500` as an unexpected
 * failure, any other error the operation documents as the spec's example of it shows (its problem
 * code and extension members; the `WWW-Authenticate` challenge of a `401`). A status the operation
 * does not document as an error throws a `TypeError` that lists the ones it does.
 *
 * @example forcedError(operation, 503, { max: 100, windowSeconds: 60 }, 2) // 503 service_unavailable, Retry-After: 2
 */
export function forcedError(
  operation: OperationInfo,
  status: number,
  quota: ForcedQuota,
  retryAfter?: number,
): unknown {
  assertDocumented(operation, status);
  if (status === 429) {
    const seconds = wholeSeconds(retryAfter);
    const policy = operation.credential === 'idToken' ? 'api-keys' : 'courses';
    const state = { policy, limit: quota.max, windowSeconds: quota.windowSeconds } as const;
    return rateLimited({ ...state, allowed: false, remaining: 0, resetSeconds: seconds });
  }
  if (status === 503)
    return serviceUnavailable('The service', { retryAfterSeconds: wholeSeconds(retryAfter) });
  if (status === 500) return new Error('a forced server error');
  const problem = documentedProblem(operation, status);
  const code = problem.code as ProblemCode;
  const extensions = Object.fromEntries(
    Object.entries(problem).filter(([name]) => !PROBLEM_MEMBERS.has(name)),
  );
  return new ApiError(code, `The mock answers ${status} ${code} because it was asked to.`, {
    status,
    extensions,
    ...(status === 401 ? { headers: { 'WWW-Authenticate': `Bearer realm="${REALM}"` } } : {}),
  });
}
