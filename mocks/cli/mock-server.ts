import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse, type HttpHandler } from 'msw';
import { createCourseServiceMock } from '../index.ts';
import { controlHandlers } from './control-handlers.ts';
import { applyScenario } from './scenario-request.ts';
import type { ServeOptions } from './serve-options.ts';

/** A mock served over HTTP: its URL, and how to stop it. */
export interface MockServer {
  /** Where it listens, e.g. `http://127.0.0.1:4010`: the base URL of the mocked service. */
  readonly url: string;
  /** Stops taking connections, lets the requests under way finish, and resolves once closed. */
  close(): Promise<void>;
}

/** A Node request as a Fetch `Request` at `baseUrl`, whatever `Host` the client sent. */
async function fetchRequest(incoming: IncomingMessage, baseUrl: string): Promise<Request> {
  const headers = new Headers();
  for (let i = 0; i < incoming.rawHeaders.length; i += 2)
    headers.append(incoming.rawHeaders[i] as string, incoming.rawHeaders[i + 1] as string);
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const method = incoming.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' ? null : Buffer.concat(chunks);
  return new Request(`${baseUrl}${incoming.url ?? '/'}`, { method, headers, body });
}

/** Writes a Fetch `Response` to Node's; a network error (`Response.error()`) drops the connection. */
async function send(response: Response, outgoing: ServerResponse): Promise<void> {
  if (response.type === 'error') {
    outgoing.socket?.destroy();
    return;
  }
  for (const [name, value] of response.headers) if (name !== 'set-cookie') outgoing.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) outgoing.setHeader('set-cookie', cookies);
  const body = Buffer.from(await response.arrayBuffer());
  if (body.length > 0) outgoing.setHeader('content-length', body.length);
  outgoing.writeHead(response.status).end(body);
}

/** Answers with `handlers`, as msw answers an intercepted request; a request none answers is a `404`. */
function answerWith(handlers: HttpHandler[], baseUrl: string) {
  return async (incoming: IncomingMessage, outgoing: ServerResponse) => {
    let request: Request;
    try {
      request = await fetchRequest(incoming, baseUrl);
    } catch (error) {
      // Fetch refuses some methods (CONNECT, TRACE, TRACK), which no operation takes.
      outgoing.writeHead(501, { 'Content-Type': 'text/plain' }).end(`${(error as Error).message}\n`);
      return;
    }
    const response = await getResponse(handlers, request);
    await send(response ?? new Response('Not Found', { status: 404 }), outgoing);
  };
}

const urlOf = (host: string, port: number) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

/**
 * Listens on `options.host` and `options.port` (0: any free port), then serves a new mock there:
 * every request goes through the mock's msw handlers, the same ones `setupServer` takes, behind the
 * HTTP controls of {@link controlHandlers}. Rejects if it cannot listen or the options are refused
 * (a `TypeError` from `createCourseServiceMock` or a scenario), having closed the port again.
 *
 * @example const server = await serveCourseServiceMock(parseServeOptions(['--port', '0']));
 */
export async function serveCourseServiceMock(options: ServeOptions): Promise<MockServer> {
  let answer: ReturnType<typeof answerWith> | undefined;
  const server = createServer((incoming, outgoing) => {
    if (!answer) return void outgoing.writeHead(503).end();
    answer(incoming, outgoing).catch((error: unknown) => {
      if (!outgoing.headersSent) outgoing.writeHead(500, { 'Content-Type': 'text/plain' });
      outgoing.end(`course-mock: ${(error as Error).message}\n`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
  const url = urlOf(options.host, (server.address() as AddressInfo).port);
  try {
    const mock = createCourseServiceMock({ ...options.mock, baseUrl: url });
    for (const scenario of options.scenarios) applyScenario(mock, scenario);
    answer = answerWith([...controlHandlers(mock, options.scenarios), ...mock.handlers], url);
  } catch (error) {
    await close();
    throw error;
  }
  return { url, close };
}
