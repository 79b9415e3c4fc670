import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request on its way through the proxy; a mutant may change any part of it. */
export interface ProxiedRequest {
  method: string;
  /** Path and query. */
  url: string;
  headers: Headers;
  body: Buffer | undefined;
}

/** An answer on its way back; a mutant may change any part of it. */
export interface ProxiedAnswer {
  status: number;
  headers: Headers;
  body: string;
}

/** One broken promise: how it changes requests (before the server) and answers (after it). */
export interface Mutation {
  /** Answers a request itself, instead of the server (an operation the server does not have). */
  intercept?(request: ProxiedRequest): Promise<ProxiedAnswer | undefined>;
  request?(request: ProxiedRequest): void;
  answer?(answer: ProxiedAnswer, request: ProxiedRequest): void;
}

/** A proxy listening on loopback, and how to stop it. */
export interface MutantProxy {
  url: string;
  close(): Promise<void>;
}

/**
 * Starts a node:http proxy on an ephemeral loopback port in front of `upstream`, passing every
 * request and answer through `mutation`: a server that breaks exactly one promise of the spec.
 *
 * @example const proxy = await startMutantProxy(server.url, { answer: (a) => a.headers.delete('allow') });
 */
export async function startMutantProxy(upstream: string, mutation: Mutation = {}): Promise<MutantProxy> {
  const forward = async (request: ProxiedRequest): Promise<ProxiedAnswer> => {
    mutation.request?.(request);
    if (request.body) request.headers.set('content-length', String(request.body.length));
    const reply = await fetch(`${upstream}${request.url}`, {
      method: request.method,
      headers: request.headers,
      body: request.body ? new Uint8Array(request.body) : undefined,
    });
    return { status: reply.status, headers: new Headers(reply.headers), body: await reply.text() };
  };
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string' && name !== 'host' && name !== 'connection') headers.set(name, value);
    const request: ProxiedRequest = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      headers,
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    };
    const answer = (await mutation.intercept?.(request)) ?? (await forward(request));
    mutation.answer?.(answer, request);
    answer.headers.delete('content-length');
    answer.headers.delete('content-encoding');
    answer.headers.delete('transfer-encoding');
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
