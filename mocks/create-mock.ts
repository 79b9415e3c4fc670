import { type HttpHandler, http } from 'msw';
import type { AuthDeps } from './authenticate.ts';
import { devTokenResponse } from './dev-token.ts';
import { createIdempotency } from './idempotency.ts';
import { MockApiError, problemResponse } from './mock-error.ts';
import { createMockIdentityProvider } from './mock-identity-provider.ts';
import { type CourseServiceMockOptions, resolveOptions } from './mock-options.ts';
import { createModel } from './model.ts';
import { allowedMethods, buildOperationTable } from './operation-table.ts';
import { createPipeline } from './pipeline.ts';
import { createRateLimiter } from './rate-limiter.ts';
import { createRequestValidator } from './request-validation.ts';
import { requestIdOf } from './responses.ts';
import { createScenarios, type ScenarioControl } from './scenarios.ts';
import { buildSeed } from './seed.ts';
import { type OperationId, openApiDocument } from './spec.gen.ts';
import { specAjv } from './spec-ajv.ts';

/**
 * A mocked Course Management Service: its msw handlers and the controls tests use.
 *
 * @example afterEach(() => mock.reset());
 */
export interface CourseServiceMock {
  /** The msw request handlers: one per operation of the spec, `POST /dev/token`, then 404/405 for the rest. */
  readonly handlers: HttpHandler[];
  /** The base URL the handlers are mounted at, without a trailing `/`. */
  readonly baseUrl: string;
  /** Back to the seed: declared keys and seed courses only, quotas and idempotency forgotten, scenarios cleared. */
  reset(): void;
  /** Forced outcomes (429, 500, network error, delay) for one operation. */
  scenario(operationId: OperationId): ScenarioControl;
  /** An ID token for `subject`, as `POST /dev/token` issues it. */
  idToken(subject: string): string;
}

/**
 * Creates a stateful mock of the service from the spec: courses, keys and tokens live in memory,
 * requests are authenticated and validated as the server does, and every answer is one the spec
 * documents.
 *
 * @example
 * const mock = createCourseServiceMock({ baseUrl: 'http://localhost:3000', apiKeys: [{ key: mockApiKey('app') }] });
 * const server = setupServer(...mock.handlers);
 */
export function createCourseServiceMock(options: CourseServiceMockOptions): CourseServiceMock {
  const resolved = resolveOptions(options);
  const { baseUrl, clock } = resolved;
  const document = openApiDocument;
  const allScopes = (document.components.schemas as { Scope: { enum: string[] } }).Scope.enum;
  const model = createModel(buildSeed(resolved, specAjv(document), allScopes));
  const idp = createMockIdentityProvider(clock);
  const operations = buildOperationTable(document);
  const scenarios = createScenarios(operations);
  const rateLimiter = createRateLimiter(resolved.rateLimit, clock);
  const idempotency = createIdempotency(clock);
  const auth: AuthDeps = { model, idTokens: resolved.idTokens, idp, clock };
  const context = { model, clock, options: resolved, document, allScopes };
  const handle = createPipeline({
    context,
    auth,
    validator: createRequestValidator(document),
    scenarios,
    rateLimiter,
    idempotency,
  });
  const basePath = new URL(baseUrl, 'http://base.invalid').pathname.replace(/\/$/, '');

  const operationHandlers = operations.map((operation) => {
    const route = `${baseUrl}${operation.path.replace(/\{([^}]+)\}/g, ':$1')}`;
    const method = operation.method.toLowerCase() as
      | 'get'
      | 'post'
      | 'put'
      | 'patch'
      | 'delete'
      | 'head'
      | 'options';
    return http[method](route, ({ request, params }) =>
      handle(operation, request, params as Record<string, string>),
    );
  });
  const notRouted = http.all(`${baseUrl}/*`, ({ request }) => {
    const path = new URL(request.url).pathname;
    const allowed = allowedMethods(document, path.slice(basePath.length) || '/');
    const error = allowed
      ? new MockApiError(
          'method_not_allowed',
          `${request.method} is not allowed on '${path}'; use ${allowed.join(', ')}.`,
          {
            headers: { Allow: allowed.join(', ') },
          },
        )
      : new MockApiError('not_found', `No endpoint at '${path}'. The API is described at /api/openapi.`);
    return problemResponse(error, path, requestIdOf(request.headers));
  });

  return {
    handlers: [
      ...operationHandlers,
      http.post(`${baseUrl}/dev/token`, ({ request }) =>
        devTokenResponse(request, idp, resolved.bodyLimitBytes),
      ),
      notRouted,
    ],
    baseUrl,
    reset() {
      model.reset();
      scenarios.reset();
      rateLimiter.reset();
      idempotency.reset();
    },
    scenario: (operationId) => scenarios.control(operationId),
    idToken: (subject) => idp.issue(subject),
  };
}

/**
 * The msw handlers of a new {@link createCourseServiceMock}, for when the controls are not needed
 * (a fresh call gives fresh state: `server.resetHandlers(...createHandlers(options))`).
 *
 * @example const server = setupServer(...createHandlers({ baseUrl: 'http://localhost:3000' }));
 */
export function createHandlers(options: CourseServiceMockOptions): HttpHandler[] {
  return createCourseServiceMock(options).handlers;
}
