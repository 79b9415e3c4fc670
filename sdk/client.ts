import { type ApiKeysResource, createApiKeysResource } from './api-keys.ts';
import { type Settled, settleAll } from './api-promise.ts';
import { type CoursesResource, createCoursesResource } from './courses.ts';
import type { Credential } from './credentials.ts';
import { keyEnvironment } from './environment.ts';
import { createEventsResource, type EventsResource } from './events.ts';
import type { Client } from './gen/client/index.ts';
import type { KeyEnvironment } from './gen/types.gen.ts';
import type { Hooks } from './hooks.ts';
import type { Logger, LogLevel } from './logging.ts';
import type { RateLimit } from './rate-limit.ts';
import { createTestDataResource, type TestDataResource } from './test-data.ts';
import { createTransport } from './transport.ts';
import { createWebhookEndpointsResource, type WebhookEndpointsResource } from './webhook-endpoints.ts';
import type { unwrapWebhook } from './webhooks.ts';

/**
 * How to reach the service, which credentials to use, the defaults for every call, what to log and
 * the hooks every attempt runs (`onRequest`, `onResponse`, `onError`).
 */
export interface CourseClientOptions<TThrow extends boolean = true> extends Hooks {
  /** The service's origin, e.g. `http://localhost:3000`. */
  baseUrl: string;
  /** The API key for course operations, or a function returning it. */
  apiKey?: Credential | undefined;
  /**
   * An ID token for key management (`apiKeys.*`), or a function returning a fresh one: it is asked
   * before every request, and again before each retry.
   */
  idToken?: Credential | undefined;
  /** Send the API key as `X-API-Key` instead of `Authorization: Bearer`. @default false */
  apiKeyHeader?: boolean | undefined;
  /** Retries after the first attempt, for retry-safe requests. @default 2 */
  maxRetries?: number | undefined;
  /** Milliseconds an attempt may wait for a response. @default 60_000 */
  timeout?: number | undefined;
  /** `false` makes calls resolve to `{ data, error }` instead of rejecting. @default true */
  throwOnError?: TThrow | undefined;
  /** A `fetch` implementation, e.g. one with a proxy agent. @default globalThis.fetch */
  fetch?: typeof fetch | undefined;
  /** Headers sent with every request. */
  headers?: Record<string, string> | undefined;
  /**
   * What to log: `error`, `warn`, `info` (each retry) or `debug` (each attempt), credentials
   * redacted, never a body. @default the `COURSE_SERVICE_LOG` environment variable in Node, else `'off'`
   */
  logLevel?: LogLevel | undefined;
  /** Where log lines go: any object with `error`, `warn`, `info` and `debug` (pino, winston). @default console */
  logger?: Logger | undefined;
  /**
   * Once per deprecated operation called (an answer with `Deprecation`), a warning naming it, since
   * when, its sunset and documentation, to `logger.warn` (whatever `logLevel` says), or `console.warn`
   * without a logger; `false`: none. @default true
   */
  deprecationWarnings?: boolean | undefined;
}

type Mode<R, TThrow extends boolean> = TThrow extends false ? Settled<R> : R;

/** A client of the Course Management Service. Create as many as you need; they share nothing. */
export interface CourseClient<TThrow extends boolean = true> {
  /** Courses and their lifecycle (API key). */
  readonly courses: Mode<CoursesResource, TThrow>;
  /** The caller's API keys (ID token). */
  readonly apiKeys: Mode<ApiKeysResource, TThrow>;
  /** The account's sandbox, reset with the ID token. */
  readonly testData: Mode<TestDataResource, TThrow>;
  /** The feed of what happened in the API key's environment (API key, `events:read`). */
  readonly events: Mode<EventsResource, TThrow>;
  /** Where the API key's environment sends its events, and their deliveries (API key, `webhooks:write`). */
  readonly webhookEndpoints: Mode<WebhookEndpointsResource, TThrow>;
  /**
   * Receiving deliveries: `unwrap` verifies one and returns its typed event, as `unwrapWebhook`
   * of `@course-service/sdk/webhooks` does (which needs no client). Loaded when first called, so
   * an application that never receives webhooks never bundles the verifier.
   */
  readonly webhooks: { readonly unwrap: typeof unwrapWebhook };
  /**
   * The environment of the API key this client holds, read from the key itself (no request):
   * `test` keys act on the account's sandbox only. `undefined` without a key, or when the key is
   * given as a function.
   */
  readonly environment: KeyEnvironment | undefined;
  /** The quota reported by the most recent response that carried rate-limit headers. */
  readonly lastRateLimit: RateLimit | undefined;
  /**
   * The configured hey-api client, for the generated functions: `getHealth({ client: c.raw })`.
   * Its default credential is the API key; pass `auth: idToken` for key management. Retries, hooks
   * (with no `operationId` in their context) and the log apply to its calls too.
   */
  readonly raw: Client;
}

/**
 * Creates a client. Course calls use `apiKey` (as `Authorization: Bearer`, or `X-API-Key` with
 * `apiKeyHeader: true`); `apiKeys.*` calls use `idToken`.
 *
 * @example
 * import { createCourseClient } from '@course-service/sdk';
 *
 * const client = createCourseClient({ baseUrl: 'http://localhost:3000', apiKey: process.env.COURSE_SERVICE_API_KEY });
 * const course = await client.courses.create({ name: 'Databases', description: 'SQL and transactions.' });
 * for await (const c of client.courses.list({ status: 'draft' })) console.log(c.id, c.name);
 */
export function createCourseClient<TThrow extends boolean = true>(
  options: CourseClientOptions<TThrow>,
): CourseClient<TThrow> {
  const { throwOnError, ...transportOptions } = options;
  const transport = createTransport(transportOptions);
  const courses = createCoursesResource(transport.send);
  const apiKeys = createApiKeysResource(transport.send);
  const testData = createTestDataResource(transport.send);
  const events = createEventsResource(transport.send);
  const webhookEndpoints = createWebhookEndpointsResource(transport.send);
  const settle = throwOnError === false;
  return {
    courses: (settle ? settleAll(courses) : courses) as Mode<CoursesResource, TThrow>,
    apiKeys: (settle ? settleAll(apiKeys) : apiKeys) as Mode<ApiKeysResource, TThrow>,
    testData: (settle ? settleAll(testData) : testData) as Mode<TestDataResource, TThrow>,
    events: (settle ? settleAll(events) : events) as Mode<EventsResource, TThrow>,
    webhookEndpoints: (settle ? settleAll(webhookEndpoints) : webhookEndpoints) as Mode<
      WebhookEndpointsResource,
      TThrow
    >,
    webhooks: { unwrap: lazyUnwrap },
    environment: typeof options.apiKey === 'string' ? keyEnvironment(options.apiKey) : undefined,
    get lastRateLimit() {
      return transport.lastRateLimit();
    },
    raw: transport.raw,
  };
}

/** {@link unwrapWebhook}, imported on first use: bundlers split a dynamic import into a chunk of its own. */
const lazyUnwrap: typeof unwrapWebhook = async (...args) =>
  (await import('./webhooks.ts')).unwrapWebhook(...args);
