import { delay, type HttpHandler, HttpResponse, http } from 'msw';
import {
  type Answer,
  buildOperationTable,
  type Core,
  createCore,
  createKeyHasher,
  type OperationId,
  openApiDocument,
  parseJsonBytes,
  payloadTooLarge,
  problemAnswer,
  requestIdOf,
} from '../core/index.ts';
import { randomBase62 } from '../domain/base62.ts';
import { createFixedWindowLimits } from '../memory/fixed-window.ts';
import { createMemoryStore } from '../memory/memory-store.ts';
import { mcpProtocol } from './mcp-endpoint.ts';
import { createMockIdentityProvider } from './mock-identity-provider.ts';
import { type CourseServiceMockOptions, resolveOptions } from './mock-options.ts';
import { createScenarios, type ScenarioControl } from './scenarios.ts';
import { applySeed, planSeed } from './seed.ts';

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
  /** Back to the seed: declared keys and seed courses only, quotas and idempotency forgotten, scenarios cleared. */
  reset(): void;
  /** Forced outcomes (429, 500, network error, delay) for one operation. */
  scenario(operationId: OperationId): ScenarioControl;
  /** An ID token for `subject`, as `POST /dev/token` issues it. */
  idToken(subject: string): string;
}

/** A core answer as a Fetch `Response` (no body for `HEAD`, as HTTP has it). */
function toResponse(answer: Answer, method: string): Response {
  const headers = new Headers();
  for (let i = 0; i < answer.headers.length; i += 2)
    headers.set(answer.headers[i] as string, answer.headers[i + 1] as string);
  return new Response(method === 'HEAD' ? null : answer.body, { status: answer.status, headers });
}

/**
 * Creates a stateful mock of the service: the service's own core (its pipeline, operations and
 * errors) over an in-memory store, behind one msw handler. Requests are authenticated, limited,
 * validated and answered exactly as the server does, and every answer is one the spec documents.
 *
 * @example
 * const mock = createCourseServiceMock({ baseUrl: 'http://localhost:3000', apiKeys: [{ key: mockApiKey('app') }] });
 * const server = setupServer(...mock.handlers);
 */
export function createCourseServiceMock(options: CourseServiceMockOptions): CourseServiceMock {
  const resolved = resolveOptions(options);
  const { baseUrl, clock } = resolved;
  const seed = planSeed(resolved, openApiDocument);
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
  const scenarios = createScenarios([...buildOperationTable(openApiDocument).values()], resolved.rateLimit);
  const store = createMemoryStore();
  const ready: Promise<Core> = createCore({
    store,
    rateLimits,
    idTokens: idp.verifier(resolved.idTokens),
    apiKeyHashSecret,
    apiKeyPrefix: resolved.apiKeyPrefix,
    bodyLimitBytes: resolved.bodyLimitBytes,
    health: { database: () => store.checkHealth() },
    protocols: { mcp: mcpProtocol(resolved.bodyLimitBytes) },
    devIdentity: idp.dev,
    clock,
    reportKeys: {
      publicKey: async (id) =>
        Object.hasOwn(resolved.secretScanningKeys, id) ? resolved.secretScanningKeys[id] : undefined,
    },
  });
  let seeded = applySeed(seed, store, hasher);
  const basePath = new URL(baseUrl).pathname.replace(/\/$/, '');

  async function answer(request: Request): Promise<Response> {
    const core = await ready;
    await seeded;
    const url = new URL(request.url);
    const path = url.pathname.slice(basePath.length) || '/';
    const requestId = requestIdOf(request.headers.get('x-request-id'), core.ids.requestId);
    const operation = core.operationAt(request.method, path);
    const { failure, delayMs } = operation ? scenarios.take(operation.operationId) : { delayMs: 0 };
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
      if (failure === 'networkError') return HttpResponse.error();
      answered = problemAnswer(failure.error, url.pathname, requestId);
    } else {
      const body = new Uint8Array(await request.clone().arrayBuffer());
      answered = await core.handle({
        method: request.method,
        path,
        base: basePath,
        query: url.search.slice(1),
        headers: Object.fromEntries(request.headers),
        requestId,
        hasBody: body.length > 0,
        clientAddress: () => 'client',
        readJson: async (limit) => {
          if (body.length > limit) throw payloadTooLarge(limit);
          return parseJsonBytes(body);
        },
        webRequest: () => request,
        pause,
      });
    }
    await pause();
    return toResponse(answered, request.method);
  }

  return {
    handlers: [http.all(`${baseUrl}/*`, ({ request }) => answer(request))],
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
    },
    scenario: (operationId) => scenarios.control(operationId),
    idToken: (subject) => idp.token(subject),
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
