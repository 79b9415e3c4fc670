import type { Client } from './gen/client/index.ts';

const METHODS = ['connect', 'delete', 'get', 'head', 'options', 'patch', 'post', 'put', 'trace'] as const;

/**
 * `client` with every request function dropping the `client` member of its options. The generated
 * functions pass their options, the `client` that selects the hey-api client included, on to it,
 * and it spreads them into `new Request(url, init)`: Deno reads `init.client` as its own
 * `Deno.HttpClient` and throws on anything else (hey-api issue 4177). The wrapped client is left
 * as it was; interceptors and configuration are shared with it.
 *
 * @example const raw = withoutClientOption(createClient(createConfig({ baseUrl })));
 */
export function withoutClientOption(client: Client): Client {
  const wrapped: Client = { ...client, request: drop(client.request), sse: { ...client.sse } };
  for (const method of METHODS) {
    wrapped[method] = drop(client[method]);
    wrapped.sse[method] = drop(client.sse[method]);
  }
  return wrapped;
}

/** `send`, called with its options less their `client` member. */
function drop<F extends (options: never) => unknown>(send: F): F {
  return ((options: { client?: unknown }) => {
    const { client: _selector, ...rest } = options;
    return send(rest as never);
  }) as unknown as F;
}
