import { APIPromise } from './api-promise.ts';
import { authCallback, type CredentialKind, type Credentials, reauthorizer } from './credentials.ts';
import { deprecationWarnings } from './deprecation-warnings.ts';
import { holdBody } from './early-response.ts';
import { errorFromResponse } from './errors.ts';
import { type Auth, type Client, createClient, createConfig } from './gen/client/index.ts';
import type { Hooks } from './hooks.ts';
import { createLog, type Logger, type LogLevel } from './logging.ts';
import { parseRateLimit, type RateLimit } from './rate-limit.ts';
import { createRetryingFetch, type RetryPolicy } from './retry.ts';
import { withoutClientOption } from './without-client-option.ts';

/** Options for a single call; they override the client's defaults. */
export interface RequestOptions {
  /** Aborts the call, including any wait between retries. */
  signal?: AbortSignal | undefined;
  /** Milliseconds each attempt may wait for a response. */
  timeout?: number | undefined;
  /** Retries after the first attempt. */
  maxRetries?: number | undefined;
  /** Extra request headers. */
  headers?: Record<string, string> | undefined;
}

/** How the transport reaches the service, authenticates, logs and runs hooks. */
export interface TransportOptions extends Credentials, Hooks {
  baseUrl: string;
  maxRetries?: number | undefined;
  timeout?: number | undefined;
  fetch?: typeof fetch | undefined;
  headers?: Record<string, string> | undefined;
  logLevel?: LogLevel | undefined;
  logger?: Logger | undefined;
  deprecationWarnings?: boolean | undefined;
}

/** What the resource layer passes to a generated SDK function. */
interface CallOptions {
  client: Client;
  auth: (auth: Auth) => Promise<string | undefined>;
  throwOnError: false;
  fetch: typeof fetch;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** Sends one operation through the client and turns its outcome into an {@link APIPromise}. */
export type Send = <T>(
  credential: CredentialKind,
  operationId: string,
  invoke: (options: CallOptions) => Promise<{ data: T | undefined; error?: unknown; response: Response }>,
  options?: RequestOptions,
) => APIPromise<T>;

/** The configured hey-api client, the `send` function resources use, and the last rate-limit state. */
export interface Transport {
  raw: Client;
  send: Send;
  lastRateLimit(): RateLimit | undefined;
}

/**
 * Builds one isolated transport: its own hey-api client, credentials, retry policy, log, hooks and
 * rate-limit state, so any number of clients can live in one process without sharing anything.
 *
 * @example
 * const { send, raw } = createTransport({ baseUrl: 'http://localhost:3000', apiKey: 'cms_prod_…' });
 */
export function createTransport(options: TransportOptions): Transport {
  const policy: RetryPolicy = { maxRetries: options.maxRetries ?? 2, timeout: options.timeout ?? 60_000 };
  const baseFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const log = createLog(options.logLevel, options.logger);
  let lastRateLimit: RateLimit | undefined;
  // Every attempt's answer, retried ones included, and whether or not its body is ever read.
  const observedFetch: typeof fetch = async (input, init) => {
    const response = await baseFetch(input, init);
    lastRateLimit = parseRateLimit(response.headers) ?? lastRateLimit;
    return response;
  };
  const setup = { hooks: options, log };

  // What selects this client (`{ client: raw }`, ours or a user's) never reaches a `Request`.
  const raw = withoutClientOption(
    createClient(
      createConfig({
        baseUrl: options.baseUrl,
        auth: authCallback('apiKey', options),
        fetch: createRetryingFetch(observedFetch, policy, setup),
        ...(options.headers ? { headers: options.headers } : {}),
      }),
    ),
  );
  if (options.deprecationWarnings !== false) {
    const { logger } = options;
    raw.interceptors.response.use(
      deprecationWarnings(logger ? (m) => logger.warn(m) : (m) => console.warn(m)),
    );
  }
  // Connection failures arrive already typed from the retrying fetch; HTTP errors are typed here,
  // so even raw generated functions called with this client see the SDK's error classes.
  raw.interceptors.error.use((error, response) => (response ? errorFromResponse(response, error) : error));

  const send: Send = (credential, operationId, invoke, request = {}) => {
    const { signal, headers, timeout, maxRetries } = request;
    const callPolicy = { ...policy, ...definedOnly({ timeout, maxRetries }) };
    const reauthorize = reauthorizer(credential, options);
    const held = holdBody(
      createRetryingFetch(observedFetch, callPolicy, { ...setup, operationId, reauthorize }),
    );
    const outcome = invoke({
      client: raw,
      auth: authCallback(credential, options),
      throwOnError: false,
      fetch: held.fetch,
      ...(signal ? { signal } : {}),
      ...(headers ? { headers } : {}),
    }).then(({ data, error, response }) => {
      if (error !== undefined) throw error;
      // The generated types promise `data` whenever `error` is absent.
      return { data: data as NonNullable<typeof data>, response };
    });
    return new APIPromise(held.response(outcome), () => {
      held.release();
      return outcome;
    });
  };

  return { raw, send, lastRateLimit: () => lastRateLimit };
}

/** The properties of `values` that are not `undefined`, so they cannot override a default with it. */
function definedOnly<T extends object>(values: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
