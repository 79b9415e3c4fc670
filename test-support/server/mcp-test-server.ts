import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { RunningServer } from '../../server/http-server.ts';
import { startServer } from '../../server/start-server.ts';

/** The master key the MCP test servers are started with. */
export const TEST_MASTER_KEY = 'test-master-key-0123456789abcdefghijklmnop';

/** The protocol revisions the endpoint serves, as client negotiation modes. */
export const REVISIONS = [
  { revision: '2025-11-25', mode: 'legacy' as const },
  { revision: '2026-07-28', mode: { pin: '2026-07-28' } },
];

/** A REST response with its JSON body parsed. */
interface RestResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: a parsed JSON body, checked by the tests' assertions
  body: any;
}

/** A real server with the MCP endpoint, and helpers to reach it over REST and MCP. */
export interface McpTestServer {
  server: RunningServer;
  mcpUrl: URL;
  rest(method: string, path: string, bearer?: string, body?: unknown): Promise<RestResponse>;
  /** Creates an API key for `owner` over REST (scopes as given, all by default) and returns its value. */
  apiKey(owner: string, scopes?: string[]): Promise<string>;
  /** A raw JSON-RPC POST to `path` (default `/mcp`) with `Authorization: Bearer <bearer>`. */
  rpc(bearer: string, body: unknown, path?: string): Promise<Response>;
  /**
   * An SDK `Client` connected over Streamable HTTP with `Authorization: Bearer <bearer>`, to `/mcp`
   * or to `at.path` (a tool filter in its query), with `at.headers` besides.
   */
  connect(
    bearer: string,
    mode?: (typeof REVISIONS)[number]['mode'],
    at?: { path?: string; headers?: Record<string, string> },
  ): Promise<Client>;
  close(): Promise<void>;
}

/** Starts a server on an ephemeral port with master mode on (unless `env` says otherwise). */
export async function startMcpTestServer(
  env: Record<string, string | undefined> = {},
): Promise<McpTestServer> {
  const server = await startServer({
    env: { MCP_MASTER_API_KEY: TEST_MASTER_KEY, DATA_DIR: ':memory:', LOG_LEVEL: 'silent', ...env },
  });
  const clients: Client[] = [];
  const rest = async (
    method: string,
    path: string,
    bearer?: string,
    body?: unknown,
  ): Promise<RestResponse> => {
    const headers: Record<string, string> = {};
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: /json/.test(response.headers.get('content-type') ?? '') && text ? JSON.parse(text) : text,
    };
  };
  return {
    server,
    mcpUrl: new URL(`${server.url}/mcp`),
    rest,
    async apiKey(owner, scopes) {
      const idToken = (await rest('POST', '/dev/token', undefined, { sub: owner })).body.idToken as string;
      const response = await rest('POST', '/api/v1/api-keys', idToken, {
        name: 'mcp test',
        ...(scopes && { scopes }),
      });
      if (response.status !== 201) throw new Error(`key creation failed: ${JSON.stringify(response.body)}`);
      return response.body.key as string;
    },
    rpc: (bearer, body, path = '/mcp') =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${bearer}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify(body),
      }),
    async connect(bearer, mode = 'legacy', at = {}) {
      const client = new Client(
        { name: 'course-service-tests', version: '1.0.0' },
        { versionNegotiation: { mode } },
      );
      const headers = { authorization: `Bearer ${bearer}`, ...at.headers };
      await client.connect(
        new StreamableHTTPClientTransport(new URL(at.path ?? '/mcp', server.url), {
          requestInit: { headers },
        }),
      );
      clients.push(client);
      return client;
    },
    async close() {
      await Promise.all(clients.map((client) => client.close()));
      await server.close();
    },
  };
}
