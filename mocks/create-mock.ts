import {
  type Answer,
  buildOperationTable,
  type Core,
  createCore,
  createKeyHasher,
  literalWebhookUrls,
  type OperationId,
  problemAnswer,
  requestIdOf,
} from '@course-service/runtime';
import { randomBase62 } from '@course-service/runtime/domain/base62';
import { createMemoryStore } from '@course-service/runtime/embedded-store';
import { createFixedWindowLimits } from '@course-service/runtime/rate-limit';
import { mayHaveQueuedDeliveries } from '@course-service/runtime/webhooks';
import { delay, type HttpHandler, HttpResponse, http } from 'msw';
import { devTokenHandler } from './dev-token-handler.ts';
import { incomingRequest, toResponse } from './fetch-exchange.ts';
import { mcpOriginRefusal, mcpProtocol } from './mcp-endpoint.ts';
import { createMockIdentityProvider } from './mock-identity-provider.ts';
import { type CourseServiceMockOptions, resolveOptions } from './mock-options.ts';
import { createRequestLog, type RecordedRequests } from './request-log.ts';
import { forcedOutcome } from './request-override.ts';
import { createScenarios, type ScenarioControl } from './scenarios.ts';
import { applySeed, planSeed } from './seed.ts';
import { type MockWebhooks, startMockWebhookDelivery } from './webhook-delivery.ts';

/**
 * A mocked Course Management Service: its msw request handler and the controls tests use.
 *
 * @example afterEach(() => mock.reset());
 */
export interface CourseServiceMock {
  /** The msw request handlers: everything under the base URL, answered by the service's own core. */
  readonly handlers: HttpHandler[];
  /** The base URL the handlers are mounted at, without a trailing `/`. */
  readonly baseUrl: string;
  /** What the mock received, oldest first, credentials redacted: find, filter and wait for requests. */
  readonly requests: RecordedRequests;
  /** Back to the seed: declared keys and seed courses only, quotas, idempotency, scenarios and requests forgotten. */
  reset(): void;
  /** Forced outcomes (429, 500, network error, delay) for one operation. */
  scenario(operationId: OperationId): ScenarioControl;
  /** An ID token for `subject`, as `POST /dev/token` issues it. */
  idToken(subject: string): string;
  /** The deliveries of webhooks to your application (the `webhooks` option): `await mock.webhooks.settle()`. */
  readonly webhooks: MockWebhooks;
}

/**
 * Creates a stateful mock of the service: the service's own core (its pipeline, operations and
 * errors) over an in-memory store, behind an msw handler, and one of the mocks' own before it for
 * `POST /dev/token`, which the core does not route. Requests are authenticated, limited,
 * validated and answered exactly as the server does, and every answer is one the spec documents.
 *
 * @example
 * const mock = createCourseServiceMock({ baseUrl: 'http://localhost:3000', apiKeys: [{ key: mockApiKey('app') }] });
 * const server = setupServer(...mock.handlers);
 */
export function createCourseServiceMock(options: CourseServiceMockOptions): CourseServiceMock {
  const resolved = resolveOptions(options);
  const { baseUrl, clock } = resolved;
  const seed = planSeed(resolved, resolved.spec);
  const apiKeyHashSecret = randomBase62(32);
  const hasher = createKeyHasher(apiKeyHashSecret);
  const idp = createMockIdentityProvider(clock);
  const { max, windowSeconds, authFailureMax } = resolved.rateLimit;
  const quota = { points: max, duration: windowSeconds };
  const failures = { points: authFailureMax, duration: windowSeconds };
  const rateLimits = createFixedWindowLimits(
    {
      courses: quota,
      'courses-test': quota,
      'api-keys': quota,
      'key-creation': quota,
      'auth-failures': failures,
    },
    clock,
  );
  const scenarios = createScenarios([...buildOperationTable(resolved.spec).values()], resolved.rateLimit);
  const store = createMemoryStore();
  const ready: Promise<Core> = createCore({
    spec: resolved.spec,
    store,
    rateLimits,
    idTokens: idp.verifier(resolved.idTokens),
    apiKeyHashSecret,
    apiKeyPrefix: resolved.apiKeyPrefix,
    bodyLimitBytes: resolved.bodyLimitBytes,
    health: { database: () => store.checkHealth() },
    protocols: { mcp: mcpProtocol(resolved.bodyLimitBytes) },
    clock,
    webhookUrls: literalWebhookUrls({ allowPrivate: resolved.webhookAllowPrivateUrls }),
    reportKeys: {
      publicKey: async (id) =>
        Object.hasOwn(resolved.secretScanningKeys, id) ? resolved.secretScanningKeys[id] : undefined,
    },
  });
  const webhooks = startMockWebhookDelivery({
    settings: resolved.webhooks,
    store,
    clock,
    userAgent: `course-service-webhooks/${resolved.spec.info.version}`,
  });
  let seeded = applySeed(seed, store, hasher);
  const requestLog = createRequestLog(resolved.bodyLimitBytes);
  const basePath = new URL(baseUrl).pathname.replace(/\/$/, '');
  const requestIdFor = async (request: Request) =>
    requestIdOf(request.headers.get('x-request-id'), (await ready).ids.requestId);

  async function answer(request: Request): Promise<Response> {
    const core = await ready;
    await seeded;
    const url = new URL(request.url);
    const path = url.pathname.slice(basePath.length) || '/';
    const requestId = await requestIdFor(request);
    const operation = core.operationAt(request.method, path);
    const body = new Uint8Array(await request.clone().arrayBuffer());
    const { failure, delayMs } = forcedOutcome(request, operation, scenarios, resolved);
    const record = (status: number | undefined) =>
      requestLog.record(request, path, operation?.operationId, body, status);
    // Every answer waits once, at least a turn of the event loop as a write to a real store does;
    // a call that runs waits just before its operation, inside its idempotency claim, so a
    // duplicate sent meanwhile meets `409` as on a server.
    let paused = false;
    const pause = async () => {
      if (!paused) await delay(delayMs);
      paused = true;
    };
    let answered: Answer;
    if (failure) {
      await pause();
      if (failure === 'networkError') {
        record(undefined);
        return HttpResponse.error();
      }
      answered = problemAnswer(failure.error, url.pathname, requestId);
    } else {
      // A browser page at the MCP endpoint is refused before authentication, as by the server.
      const refused =
        operation?.handledBy === 'mcp' ? mcpOriginRefusal(request.headers, requestId) : undefined;
      answered =
        refused ??
        (await core.handle(await incomingRequest(request, { path, base: basePath, requestId, pause })));
    }
    await pause();
    record(answered.status);
    // A write that succeeded may have queued deliveries: the server's worker is nudged alike.
    if (mayHaveQueuedDeliveries(request.method, answered.status)) webhooks.nudge();
    return toResponse(answered, request.method);
  }

  return {
    handlers: [
      devTokenHandler({
        baseUrl,
        bodyLimitBytes: resolved.bodyLimitBytes,
        issue: idp.token,
        lifetimeSeconds: idp.lifetimeSeconds,
        requestId: requestIdFor,
      }),
      http.all(`${baseUrl}/*`, ({ request }) => answer(request)),
    ],
    baseUrl,
    reset() {
      // After the seed under way (the first one is, just after creation), never beside it: two
      // seeds in one store conflict. Every answer waits for it.
      const reseed = () => {
        store.clear();
        return applySeed(seed, store, hasher);
      };
      seeded = seeded.then(reseed, reseed);
      scenarios.reset();
      rateLimits.reset();
      requestLog.clear();
    },
    requests: requestLog.requests,
    scenario: (operationId) => scenarios.control(operationId),
    idToken: (subject) => idp.token(subject),
    webhooks: webhooks.control,
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
