import { APIPromise } from './api-promise.ts';
import { type DeprecationWarnings, deprecationWarnings } from './deprecation-warnings.ts';
import { errorFromResponse } from './errors.ts';
import { type Auth, type Client, createClient, createConfig } from './gen/client/index.ts';
import { parseRateLimit, type RateLimit } from './rate-limit.ts';
import { createRetryingFetch, type RetryPolicy } from './retry.ts';

/** A credential, or a function that returns a fresh one (ID tokens expire) for every request. */
export type Credential = string | (() => string | Promise<string>);

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

/** How the transport reaches the service and authenticates. */
export interface TransportOptions {
  baseUrl: string;
  maxRetries?: number | undefined;
  timeout?: number | undefined;
  apiKey?: Credential | undefined;
  idToken?: Credential | undefined;
  apiKeyHeader?: boolean | undefined;
  fetch?: typeof fetch | undefined;
  headers?: Record<string, string> | undefined;
  deprecationWarnings?: DeprecationWarnings | undefined;
}

/** Which credential an operation takes: API key for courses, ID token for key management. */
type CredentialKind = 'apiKey' | 'idToken';

/** What the resource layer passes to a generated SDK function. */
interface CallOptions {
  client: Client;
  auth: (auth: Auth) => Promise<string | undefined>;
  throwOnError: false;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  fetch?: typeof fetch;
}

/** Sends one operation through the client and turns its outcome into an {@link APIPromise}. */
export type Send = <T>(
  credential: CredentialKind,
  invoke: (options: CallOptions) => Promise<{ data: T | undefined; error?: unknown; response: Response }>,
  options?: RequestOptions,
) => APIPromise<T>;

/** The configured hey-api client, the `send` function resources use, and the last rate-limit state. */
export interface Transport {
  raw: Client;
  send: Send;
  lastRateLimit(): RateLimit | undefined;
}

const resolve = async (credential: Credential | undefined) =>
  typeof credential === 'function' ? credential() : credential;

/**
 * Builds one isolated transport: its own hey-api client, credentials, retry policy and rate-limit
 * state, so any number of clients can live in one process without sharing anything.
 *
 * @example
 * const { send, raw } = createTransport({ baseUrl: 'http://localhost:3000', apiKey: 'cms_prod_…' });
 */
export function createTransport(options: TransportOptions): Transport {
  const policy: RetryPolicy = { maxRetries: options.maxRetries ?? 2, timeout: options.timeout ?? 60_000 };
  const baseFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  // hey-api asks once per security scheme of the operation (bearer and X-API-Key for courses);
  // answering only the chosen one sends exactly one credential header.
  const apiKeyAuth = async (auth: Auth) => {
    const chosen = options.apiKeyHeader
      ? auth.type === 'apiKey' && auth.name === 'X-API-Key'
      : auth.type === 'http' && auth.scheme === 'bearer';
    return chosen ? resolve(options.apiKey) : undefined;
  };
  // hey-api does not say which scheme it asks about, only its shape, and the ID token's shape is
  // the same as the API key's bearer; so the resource layer picks the callback per operation.
  const idTokenAuth = async (auth: Auth) =>
    auth.type === 'http' && auth.scheme === 'bearer' ? resolve(options.idToken) : undefined;

  let lastRateLimit: RateLimit | undefined;
  const raw = createClient(
    createConfig({
      baseUrl: options.baseUrl,
      auth: apiKeyAuth,
      fetch: createRetryingFetch(baseFetch, policy),
      ...(options.headers ? { headers: options.headers } : {}),
    }),
  );
  raw.interceptors.response.use((response) => {
    lastRateLimit = parseRateLimit(response.headers) ?? lastRateLimit;
    return response;
  });
  const warnings = deprecationWarnings(options.deprecationWarnings);
  if (warnings) raw.interceptors.response.use(warnings);
  // Connection failures arrive already typed from the retrying fetch; HTTP errors are typed here,
  // so even raw generated functions called with this client see the SDK's error classes.
  raw.interceptors.error.use((error, response) => (response ? errorFromResponse(response, error) : error));

  const send: Send = (credential, invoke, request = {}) => {
    const { signal, headers, timeout, maxRetries } = request;
    const call: CallOptions = {
      client: raw,
      auth: credential === 'idToken' ? idTokenAuth : apiKeyAuth,
      throwOnError: false,
      ...(signal ? { signal } : {}),
      ...(headers ? { headers } : {}),
      ...(timeout !== undefined || maxRetries !== undefined
        ? { fetch: createRetryingFetch(baseFetch, { ...policy, ...definedOnly({ timeout, maxRetries }) }) }
        : {}),
    };
    return new APIPromise(
      invoke(call).then(({ data, error, response }) => {
        if (error !== undefined) throw error;
        // The generated types promise `data` whenever `error` is absent.
        return { data: data as NonNullable<typeof data>, response };
      }),
    );
  };

  return { raw, send, lastRateLimit: () => lastRateLimit };
}

/** The properties of `values` that are not `undefined`, so they cannot override a default with it. */
function definedOnly<T extends object>(values: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
