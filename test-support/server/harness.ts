import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { loadConfig } from '../../server/config.ts';
import { listen, type RunningServer } from '../../server/http-server.ts';
import { createLogger } from '../../server/logger.ts';
import { testBackendEnv } from '../services/test-backend.ts';

/** A real server on an ephemeral loopback port, with a real sql.js file in a temp dir, for tests. */
export interface TestServer extends RunningServer {
  dataDir: string;
  /** Every log line the server wrote, to check what logs never contain. */
  logs: string[];
  /** A fresh ID token from the built-in development identity provider. */
  idToken(subject: string): Promise<string>;
  /** Creates an API key for `subject` and returns its value. */
  apiKey(subject: string, body?: Record<string, unknown>): Promise<string>;
  /** Calls the server: JSON bodies are sent as JSON, `key` goes to `Authorization: Bearer`. */
  call(method: string, path: string, options?: CallOptions): Promise<TestResponse>;
}

/** Options of {@link TestServer.call}. */
interface CallOptions {
  bearer?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A response with its body parsed when it is JSON. */
export interface TestResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the server sent
  body: any;
}

/**
 * Starts a test server; `env` overrides the defaults (temp data dir, quiet logs kept in memory).
 * In a project with `TEST_BACKEND=postgres` it runs on a throwaway PostgreSQL database and its
 * own Redis key prefix, both removed when it closes.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'course-service-test-'));
  const backend = env.DATABASE_URL === undefined ? await testBackendEnv() : undefined;
  const config = loadConfig({
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    AUTH_FAILURE_LIMIT_MAX: '100000',
    ...backend?.env,
    ...env,
  });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const server = await listen(config, createLogger(config.logLevel, { destination: sink })).catch(
    async (error) => {
      await backend?.cleanup();
      throw error;
    },
  );
  const call = async (method: string, path: string, options: CallOptions = {}): Promise<TestResponse> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
    if (options.body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers,
      body:
        options.body === undefined
          ? undefined
          : typeof options.body === 'string'
            ? options.body
            : JSON.stringify(options.body),
    });
    return readTestResponse(response);
  };
  const idToken = async (subject: string) =>
    (await call('POST', '/dev/token', { body: { sub: subject } })).body.idToken as string;
  return {
    ...server,
    async close() {
      await server.close();
      await backend?.cleanup();
    },
    dataDir,
    logs,
    idToken,
    call,
    async apiKey(subject, body = { name: 'test key' }) {
      const response = await call('POST', '/api/v1/api-keys', { bearer: await idToken(subject), body });
      if (response.status !== 201) throw new Error(`key creation failed: ${JSON.stringify(response.body)}`);
      return response.body.key as string;
    },
  };
}

/** A fetch response with its body read, and parsed when it is JSON. */
export async function readTestResponse(response: Response): Promise<TestResponse> {
  const text = await response.text();
  const isJson = /json/.test(response.headers.get('content-type') ?? '');
  return {
    status: response.status,
    headers: response.headers,
    body: isJson && text ? JSON.parse(text) : text,
  };
}
