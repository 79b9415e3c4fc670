import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One webhook request as it arrived. */
interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A loopback webhook receiver: what it got, and how to check a request's signature. */
export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Sets the status every request gets from now on (200 to start with). */
  answer(status: number): void;
  /** Verifies `request` with `secret` as a Standard Webhooks receiver does; returns the parsed payload or throws. */
  verify(request: ReceivedWebhook, secret: string): { id: string; type: string; [key: string]: unknown };
  close(): Promise<void>;
}

/**
 * Starts a receiver on an ephemeral loopback port (the server posts to it with
 * `WEBHOOK_ALLOW_PRIVATE_URLS=true`); it answers every request with the status set by `answer`.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let status = 200;
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    answer(next) {
      status = next;
    },
    verify(request, secret) {
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      );
      return new Webhook(secret).verify(request.body, headers) as ReturnType<WebhookReceiver['verify']>;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
