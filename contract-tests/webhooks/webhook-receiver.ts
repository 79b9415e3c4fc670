import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One `POST` the receiver got, as it arrived: the raw body, so signatures can be checked over it. */
export interface ReceivedDelivery {
  /** The path it was posted to: one per endpoint the suite registers. */
  path: string;
  /** The request's headers, names in lower case. */
  headers: Record<string, string>;
  /** The body, byte for byte as text. */
  body: string;
  /** When it arrived (the receiver's clock). */
  receivedAt: Date;
}

/** An HTTP server on loopback that records every delivery and acknowledges it with `204`. */
export interface WebhookReceiver {
  /** A new URL on the receiver, for one endpoint: its deliveries are kept apart from the others'. */
  newUrl(label?: string): string;
  /** What was posted to `url` so far, oldest first. */
  received(url: string): ReceivedDelivery[];
  /**
   * Waits until what was posted to `url` satisfies `done`, and returns it; past `timeoutMs` it
   * returns what arrived, for the caller's assertions to say what is missing.
   */
  waitFor(
    url: string,
    done: (deliveries: ReceivedDelivery[]) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedDelivery[]>;
  close(): Promise<void>;
}

const POLL_MS = 25;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/**
 * Starts a receiver on an ephemeral loopback port. Every request is recorded and answered `204`,
 * whatever it holds: judging it is the suite's business, after the fact.
 *
 * @example
 * const receiver = await startWebhookReceiver();
 * const url = receiver.newUrl('feed'); // http://127.0.0.1:41234/hooks/feed-1
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const deliveries: ReceivedDelivery[] = [];
  const server = createServer((request, response) => {
    readBody(request).then(
      (body) => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(request.headers))
          if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
        deliveries.push({ path: request.url ?? '/', headers, body, receivedAt: new Date() });
        response.writeHead(204).end();
      },
      () => response.writeHead(400).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let urls = 0;
  const received = (url: string) => {
    const path = new URL(url).pathname;
    return deliveries.filter((delivery) => delivery.path === path);
  };
  return {
    newUrl: (label = 'endpoint') => `${origin}/hooks/${label}-${++urls}`,
    received,
    async waitFor(url, done, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!done(received(url)) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      return received(url);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
