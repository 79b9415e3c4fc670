// Test-only helpers: real servers on ephemeral loopback ports. Never imported by the SDK itself.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Scope } from '../../sdk/gen/types.gen.ts';
import { createCourseClient } from '../../sdk/index.ts';
import { startServer } from '../../server/index.ts';

/**
 * Starts the reference server in memory, quiet, with `env` on top.
 *
 * @example
 * const server = await startCourseServer({ RATE_LIMIT_MAX: '2' });
 */
export function startCourseServer(env: Record<string, string> = {}) {
  return startServer({ env: { DATA_DIR: ':memory:', LOG_LEVEL: 'silent', ...env } });
}

/**
 * An ID token from the server's development identity provider, for a fresh subject by default.
 *
 * @example
 * const idToken = await devIdToken(server.url);
 */
export async function devIdToken(baseUrl: string, sub = `user-${crypto.randomUUID()}`): Promise<string> {
  const response = await fetch(`${baseUrl}/dev/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ sub }),
  });
  return ((await response.json()) as { idToken: string }).idToken;
}

/**
 * A new API key for a fresh subject, created through the SDK.
 *
 * @example
 * const apiKey = await newApiKey(server.url, ['courses:read']);
 */
export async function newApiKey(baseUrl: string, scopes?: Scope[]): Promise<string> {
  const admin = createCourseClient({ baseUrl, idToken: await devIdToken(baseUrl) });
  return (await admin.apiKeys.create({ name: 'test', ...(scopes ? { scopes } : {}) })).key;
}

/** A course as the service answers it, for the tiny test servers to send. */
export const sampleCourse = {
  id: 'crs_7GfK2pQm9XwLz4Rt',
  name: 'Databases',
  description: '',
  status: 'draft',
  createdAt: '2026-11-20T09:30:00Z',
  updatedAt: '2026-11-20T09:30:00Z',
  publishedAt: null,
  archivedAt: null,
};

/** One request as a tiny test server saw it. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * A real `node:http` server answering with `handle`, recording every request it sees.
 *
 * @example
 * const stub = await startHttpServer((req, res, n) => res.writeHead(n === 1 ? 503 : 200).end('{}'));
 */
export async function startHttpServer(
  handle: (request: SeenRequest, response: ServerResponse, count: number) => void,
) {
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(request);
      handle(request, res, seen.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Answers with a JSON or problem+json body.
 *
 * @example
 * sendJson(res, 503, problem(503, 'internal_error'));
 */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const type = status >= 400 ? 'application/problem+json' : 'application/json';
  response.writeHead(status, { 'Content-Type': type, ...headers }).end(JSON.stringify(body));
}

/**
 * A problem body shaped like the service's.
 *
 * @example
 * problem(503, 'internal_error');
 */
export function problem(status: number, code: string) {
  return {
    type: `urn:course-service:problem:${code}`,
    title: code,
    status,
    detail: `A ${status}.`,
    instance: '/api/v1/courses',
    code,
    requestId: `req-${status}`,
  };
}
