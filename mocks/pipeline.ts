import { delay, HttpResponse } from 'msw';
import { idempotencyScope } from '../domain/idempotency-scope.ts';
import { coursePolicy, rateLimitHeaders } from '../domain/rate-limit-headers.ts';
import { type AuthDeps, authenticate, type Caller } from './authenticate.ts';
import type { Idempotency, IdempotencyStart } from './idempotency.ts';
import { mcpResponse } from './mcp-endpoint.ts';
import { MockApiError, problemResponse } from './mock-error.ts';
import type { MockOperation } from './operation-table.ts';
import { operations } from './operations/index.ts';
import type { OperationContext } from './operations/operation.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { mediaTypeOf, readJsonBody } from './read-json-body.ts';
import type { RequestValidator } from './request-validation.ts';
import { forcedError, jsonResponse, requestIdOf, successOf } from './responses.ts';
import type { Scenarios } from './scenarios.ts';
import type { RestOperationId } from './spec.gen.ts';

/** What the pipeline is built from. */
export interface PipelineDeps {
  context: OperationContext;
  auth: AuthDeps;
  validator: RequestValidator;
  scenarios: Scenarios;
  rateLimiter: RateLimiter;
  idempotency: Idempotency;
}

/**
 * Creates the request pipeline, in the server's order: scenario → authenticate (failures counted
 * per client) → scope (403, no quota spent) → rate limit → body → validate → idempotency →
 * operation. Every outcome is a response the spec documents, with `X-Request-Id`.
 *
 * @example const response = await createPipeline(deps)(operation, request, params);
 */
export function createPipeline(deps: PipelineDeps) {
  const { context, validator, scenarios, rateLimiter, idempotency } = deps;

  function authenticateCounting(operation: MockOperation, headers: Headers): Caller {
    try {
      return authenticate(headers, operation.credential, deps.auth);
    } catch (error) {
      if (error instanceof MockApiError && error.status === 401)
        rateLimiter.consume('auth-failures', 'client');
      throw error;
    }
  }

  return async function handle(
    operation: MockOperation,
    request: Request,
    params: Record<string, string>,
  ): Promise<Response> {
    const requestId = requestIdOf(request.headers);
    const url = new URL(request.url);
    const { failure, delayMs } = scenarios.take(operation.operationId);
    const headers: Record<string, string> = {};
    let started: IdempotencyStart | undefined;
    let delayed = delayMs <= 0;
    // Every path waits once; a normal call waits inside its idempotency window, so a duplicate sent
    // meanwhile meets `409 idempotency_request_in_progress` as it would on a slow server.
    const pause = async () => {
      if (!delayed) await delay(delayMs);
      delayed = true;
    };
    try {
      if (failure) await pause();
      if (failure?.kind === 'networkError') return HttpResponse.error();
      if (failure) throw forcedError(failure, operation, context.options.rateLimit);
      const caller = authenticateCounting(operation, request.headers);
      // From here on every answer, errors included, says which environment gave it.
      if (caller.kind === 'apiKey') headers['Course-Environment'] = caller.environment;
      if (caller.kind === 'apiKey') {
        const missing = operation.requiredScopes.filter((scope) => !caller.scopes.includes(scope));
        if (missing.length > 0) {
          throw new MockApiError(
            'insufficient_scope',
            `This API key lacks the scope '${missing.join("', '")}'.`,
            {
              extensions: { missingScopes: missing },
            },
          );
        }
      }
      if (caller.kind === 'apiKey' || caller.kind === 'idToken') {
        const [policy, key] =
          caller.kind === 'apiKey'
            ? ([coursePolicy(caller.environment), caller.keyId] as const)
            : (['api-keys', caller.ownerId] as const);
        Object.assign(headers, rateLimitHeaders(rateLimiter.consume(policy, key)));
      }
      if (operation.handledBy !== undefined) {
        await pause();
        return await mcpResponse(request, headers, requestId, context.options.bodyLimitBytes);
      }
      const body = operation.hasBody
        ? await readJsonBody(request, context.options.bodyLimitBytes)
        : undefined;
      const query: Record<string, unknown> = {};
      for (const name of new Set(url.searchParams.keys())) {
        const values = url.searchParams.getAll(name);
        query[name] = values.length === 1 ? values[0] : values;
      }
      const lowerHeaders = Object.fromEntries(request.headers);
      const parts = {
        params: { ...params },
        query,
        headers: lowerHeaders,
        body,
        mediaType: mediaTypeOf(request.headers),
      };
      const errors = validator.validate(operation, parts);
      if (errors.length > 0) {
        const detail = `The request has ${errors.length} invalid field${errors.length === 1 ? '' : 's'}.`;
        throw new MockApiError('validation_failed', detail, { extensions: { errors } });
      }
      const idempotencyKey = operation.idempotent ? (request.headers.get('idempotency-key') ?? '') : '';
      if (idempotencyKey && caller.kind !== 'anonymous') {
        const environment = caller.kind === 'apiKey' ? caller.environment : undefined;
        const scope = idempotencyScope(caller.ownerId, environment, operation.operationId);
        started = idempotency.begin(scope, idempotencyKey, body);
        if ('replay' in started) {
          await pause();
          const { status, body: replayed, headers: stored } = started.replay;
          return jsonResponse(
            status,
            replayed,
            { ...headers, ...stored, 'Idempotent-Replayed': 'true' },
            requestId,
          );
        }
      }
      await pause();
      const input = { params: parts.params, query: parts.query, headers: request.headers, body, caller };
      const run = operations[operation.operationId as RestOperationId];
      const success = successOf(operation, run(input, context), url.pathname);
      if (started && 'finish' in started) started.finish(success);
      return jsonResponse(success.status, success.body, { ...headers, ...success.headers }, requestId);
    } catch (error) {
      if (started && 'finish' in started) started.finish();
      await pause();
      if (error instanceof MockApiError) {
        return problemResponse(
          new MockApiError(error.code, error.detail, {
            ...error.options,
            headers: { ...headers, ...error.options.headers },
          }),
          url.pathname,
          requestId,
        );
      }
      // A bug in the mock: answered as the server answers its own, and shown to the developer.
      console.error(`course-service mock: ${operation.operationId} failed`, error);
      const internal = new MockApiError(
        'internal_error',
        'An unexpected error occurred; quote the request id when reporting it.',
      );
      return problemResponse(internal, url.pathname, requestId);
    }
  };
}
