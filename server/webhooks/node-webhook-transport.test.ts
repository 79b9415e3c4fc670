import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeWebhookTransport } from './node-webhook-transport.ts';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A loopback receiver answering with `handle`; resolves its port and what it received. */
async function receiver(handle: (req: IncomingMessage, res: ServerResponse, body: string) => void) {
  const received: Array<{ url: string; headers: IncomingMessage['headers']; body: string }> = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body });
      handle(req, res, body);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, received };
}

const post = (url: string, body = '{"id":"evt_1"}') => ({
  url,
  headers: { 'content-type': 'application/json', 'webhook-id': 'evt_1' },
  body,
});

const loopbackAllowed = nodeWebhookTransport({ timeoutMs: 5_000, allowPrivate: true });

describe('the Node webhook transport', () => {
  it('posts the body and headers and reports the status of a 2xx', async () => {
    const { port, received } = await receiver((_req, res) => res.writeHead(202).end('thanks'));
    const result = await loopbackAllowed(post(`http://127.0.0.1:${port}/in?x=1`));
    expect(result).toMatchObject({ status: 202 });
    expect(result.error).toBeUndefined();
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(received).toEqual([
      expect.objectContaining({
        url: '/in?x=1',
        body: '{"id":"evt_1"}',
        headers: expect.objectContaining({
          'content-type': 'application/json',
          'webhook-id': 'evt_1',
          'content-length': '14',
        }),
      }),
    ]);
  });

  it('reports a 500 as a status, without an error', async () => {
    const { port } = await receiver((_req, res) => res.writeHead(500).end('oops'));
    expect(await loopbackAllowed(post(`http://127.0.0.1:${port}/`))).toMatchObject({ status: 500 });
  });

  it('never follows a redirect', async () => {
    const { port, received } = await receiver((req, res) =>
      req.url === '/in' ? res.writeHead(307, { location: '/elsewhere' }).end() : res.writeHead(200).end(),
    );
    expect(await loopbackAllowed(post(`http://127.0.0.1:${port}/in`))).toMatchObject({
      status: 307,
      error: 'redirect',
    });
    expect(received.map((request) => request.url)).toEqual(['/in']);
  });

  it('gives up on an answer that does not come in time', async () => {
    const { port } = await receiver(() => {});
    const send = nodeWebhookTransport({ timeoutMs: 200, allowPrivate: true });
    expect(await send(post(`http://127.0.0.1:${port}/`))).toMatchObject({ error: 'timeout' });
  });

  it('gives up on an answer whose body does not end in time', async () => {
    const { port } = await receiver((_req, res) => res.writeHead(200).write('partial'));
    const send = nodeWebhookTransport({ timeoutMs: 200, allowPrivate: true });
    expect(await send(post(`http://127.0.0.1:${port}/`))).toMatchObject({ status: 200, error: 'timeout' });
  });

  it('stops reading an answer over 64 KiB', async () => {
    const { port } = await receiver((_req, res) => res.writeHead(200).end('x'.repeat(64 * 1024 + 1)));
    expect(await loopbackAllowed(post(`http://127.0.0.1:${port}/`))).toMatchObject({
      status: 200,
      error: 'response_too_large',
    });
    const { port: exact } = await receiver((_req, res) => res.writeHead(200).end('x'.repeat(64 * 1024)));
    expect(await loopbackAllowed(post(`http://127.0.0.1:${exact}/`))).toEqual({
      status: 200,
      durationMs: expect.any(Number),
    });
  });

  it('reports a refused connection', async () => {
    const { port } = await receiver(() => {});
    await new Promise((resolve) => (servers.pop() as Server).close(resolve));
    expect(await loopbackAllowed(post(`http://127.0.0.1:${port}/`))).toMatchObject({
      error: 'connection_failed',
    });
  });

  it('reports a host name that does not resolve', async () => {
    const send = nodeWebhookTransport({
      timeoutMs: 1_000,
      allowPrivate: false,
      resolve: () => Promise.reject(new Error('ENOTFOUND')),
    });
    expect(await send(post('https://nowhere.example/'))).toMatchObject({ error: 'connection_failed' });
  });

  it('refuses loopback, and http, without WEBHOOK_ALLOW_PRIVATE_URLS', async () => {
    const { port, received } = await receiver((_req, res) => res.writeHead(200).end());
    const failures: string[] = [];
    const send = nodeWebhookTransport({
      timeoutMs: 1_000,
      allowPrivate: false,
      onFailure: ({ reason }) => failures.push(reason),
    });
    expect(await send(post(`http://127.0.0.1:${port}/`))).toMatchObject({ error: 'address_refused' });
    expect(await send(post(`https://127.0.0.1:${port}/`))).toMatchObject({ error: 'address_refused' });
    expect(await send(post(`https://[::1]:${port}/`))).toMatchObject({ error: 'address_refused' });
    expect(received).toEqual([]);
    expect(failures).toEqual([
      'http: URLs are refused',
      'resolves to 127.0.0.1, a loopback address',
      'resolves to ::1, a loopback address',
    ]);
  });

  it('refuses a host when any of its addresses is refused', async () => {
    const send = nodeWebhookTransport({
      timeoutMs: 1_000,
      allowPrivate: false,
      resolve: async () => [
        { address: '93.184.215.14', family: 4 },
        { address: '10.1.2.3', family: 4 },
      ],
    });
    expect(await send(post('https://hooks.example.com/'))).toMatchObject({ error: 'address_refused' });
    const metadata = nodeWebhookTransport({
      timeoutMs: 1_000,
      allowPrivate: true,
      resolve: async () => [{ address: '169.254.169.254', family: 4 }],
    });
    expect(await metadata(post('http://hooks.example.com/'))).toMatchObject({ error: 'address_refused' });
  });

  it('connects to the address it checked, resolving the host once (DNS rebinding cannot swap it)', async () => {
    const { port, received } = await receiver((_req, res) => res.writeHead(200).end());
    const lookups: string[] = [];
    // A name no resolver knows: the request can only reach the receiver through the pinned address.
    const send = nodeWebhookTransport({
      timeoutMs: 5_000,
      allowPrivate: true,
      resolve: async (hostname) => {
        lookups.push(hostname);
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    expect(await send(post(`http://rebinding.invalid:${port}/in`))).toMatchObject({ status: 200 });
    expect(lookups).toEqual(['rebinding.invalid']);
    expect(received[0]?.headers.host).toBe(`rebinding.invalid:${port}`);
  });

  it('keeps TLS verification on for a pinned https connection: an untrusted certificate fails', async () => {
    // A self-signed certificate for hooks.test: the connection goes to the pinned address, and TLS
    // still checks the certificate (and refuses this one, which no trusted authority signed).
    const dir = mkdtempSync(join(tmpdir(), 'webhook-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=hooks.test',
        '-addext',
        'subjectAltName=DNS:hooks.test',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const received: string[] = [];
    const server = createTlsServer(
      { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
      (req, res) => {
        received.push(req.url ?? '');
        res.writeHead(200).end();
      },
    );
    servers.push(server as unknown as Server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const failures: string[] = [];
    const send = nodeWebhookTransport({
      timeoutMs: 5_000,
      allowPrivate: true,
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
      onFailure: ({ reason }) => failures.push(reason),
    });
    const port = (server.address() as AddressInfo).port;
    expect(await send(post(`https://hooks.test:${port}/in`))).toMatchObject({ error: 'connection_failed' });
    expect(failures[0]).toMatch(/self.signed certificate/);
    expect(received).toEqual([]);
  });
});
