import { coursePolicy, type RateLimitPolicy, rateLimitHeaders } from '../../domain/rate-limit-headers.ts';
import { retryAfterHeaders } from '../../domain/retry-after.ts';
import { MASTER_KEY_ID } from '../auth/master-key.ts';
import { ApiError } from '../model/api-error.ts';
import type { Caller } from '../model/caller.ts';
import type { QuotaResult, RateLimits } from '../model/ports.ts';
import type { Route } from '../spec/operation-router.ts';
import type { OperationInfo } from '../spec/operation-table.ts';
import { toFieldErrors } from './field-errors.ts';
import type { HeaderList } from './header-list.ts';

// The pipeline's checks, each a small function of what earlier steps found. Their order is
// `runPipeline`'s, and only there.

/**
 * For a key: sets `Course-Environment` (from here on every answer, errors included, says which
 * environment gave it; the master key acts on production), then throws `403 insufficient_scope`
 * naming the missing scopes when the key lacks one the operation needs (no quota spent).
 */
export function checkScopes(info: OperationInfo, caller: Caller, headers: HeaderList): void {
  if (caller.kind === 'master') headers.set('Course-Environment', 'prod');
  if (caller.kind !== 'apiKey') return;
  headers.set('Course-Environment', caller.environment);
  if (info.requiredScopes.every((scope) => caller.scopes.includes(scope))) return;
  const missing = info.requiredScopes.filter((scope) => !caller.scopes.includes(scope));
  throw new ApiError('insufficient_scope', `This API key lacks the scope '${missing.join("', '")}'.`, {
    extensions: { missingScopes: missing },
  });
}

/** The 429 a spent quota answers, with `Retry-After`, `retry-after-ms` and the quota headers. */
export function rateLimited(state: QuotaResult): ApiError {
  return new ApiError(
    'rate_limited',
    `Rate limit of ${state.limit} requests per ${state.windowSeconds} seconds exceeded; retry in ${state.resetSeconds} seconds.`,
    { headers: { ...rateLimitHeaders(state), ...retryAfterHeaders(state.resetSeconds) } },
  );
}

/** Takes one request from `key`'s quota in `policy`; throws {@link rateLimited} when it is spent. */
export async function consume(
  rateLimits: RateLimits,
  policy: RateLimitPolicy,
  key: string,
): Promise<QuotaResult> {
  const state = await rateLimits.consume(policy, key);
  if (!state.allowed) throw rateLimited(state);
  return state;
}

/**
 * Takes one request from the caller's quota (per key for course calls, in the policy of the key's
 * environment; per subject for key management, and for MCP, whose tools are mostly course calls,
 * per subject in `courses`) and sets the `RateLimit*` headers at once, so error answers after it
 * carry them too.
 */
export async function consumeQuota(
  rateLimits: RateLimits,
  info: OperationInfo,
  caller: Caller,
  headers: HeaderList,
): Promise<void> {
  let state: QuotaResult;
  if (caller.kind === 'apiKey')
    state = await rateLimits.consume(coursePolicy(caller.environment), caller.keyId);
  else if (caller.kind === 'master') state = await rateLimits.consume('courses', MASTER_KEY_ID);
  else if (caller.kind === 'idToken' && info.credential === 'mcp')
    state = await rateLimits.consume('courses', `subject:${caller.ownerId}`);
  else if (caller.kind === 'idToken') state = await rateLimits.consume('api-keys', caller.ownerId);
  else return;
  if (!state.allowed) throw rateLimited(state);
  headers.setAll(rateLimitHeaders(state));
}

/** What a request asks of an operation, in openapi-backend's validation model. */
export interface RequestParts {
  path: Record<string, string>;
  query: Record<string, unknown>;
  header: Record<string, unknown>;
  /** Always empty: the API takes no cookies, but the validators expect the member. */
  cookie: Record<string, never>;
  requestBody?: unknown;
}

/** Validates in place with the operation's compiled validators; throws `400 validation_failed`. */
export function validateParts(route: Route, parts: RequestParts): void {
  const errors = route.validate(parts);
  if (!errors) return;
  const fields = toFieldErrors(errors);
  const detail = `The request has ${fields.length} invalid field${fields.length === 1 ? '' : 's'}.`;
  throw new ApiError('validation_failed', detail, { extensions: { errors: fields } });
}
