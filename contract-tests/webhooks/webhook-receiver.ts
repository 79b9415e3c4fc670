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

/** Where the target's deliveries arrive, recorded for the suite to judge after the fact. */
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

/**
 * A receiver whose deliveries come from `record` (an HTTP server, or the mocks' in-process
 * handler), its URLs under `origin`.
 */
function recordingReceiver(
  origin: string,
  close: () => Promise<void>,
): WebhookReceiver & { record(delivery: ReceivedDelivery): void } {
  const deliveries: ReceivedDelivery[] = [];
  let urls = 0;
  const received = (url: string) => {
    const path = new URL(url).pathname;
    return deliveries.filter((delivery) => delivery.path === path);
  };
  return {
    record: (delivery) => deliveries.push(delivery),
    newUrl: (label = 'endpoint') => `${origin}/hooks/${label}-${++urls}`,
    received,
    async waitFor(url, done, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!done(received(url)) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      return received(url);
    },
    close,
  };
}

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
  const server = createServer((request, response) => {
    readBody(request).then(
      (body) => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(request.headers))
          if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
        receiver.record({ path: request.url ?? '/', headers, body, receivedAt: new Date() });
        response.writeHead(204).end();
      },
      () => response.writeHead(400).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const receiver = recordingReceiver(
    `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  );
  return receiver;
}

/**
 * A receiver for a target that delivers in-process (the msw mocks): `handle` takes a delivery as a
 * Fetch `Request`, records it and answers `204`; its URLs are `https` on a host of `origin` that
 * nothing resolves.
 *
 * @example const { receiver, handle } = inProcessWebhookReceiver('https://receiver.contract.mock');
 */
export function inProcessWebhookReceiver(origin: string): {
  receiver: WebhookReceiver;
  handle: (request: Request) => Promise<Response>;
} {
  const receiver = recordingReceiver(origin, async () => {});
  return {
    receiver,
    async handle(request) {
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => {
        headers[name] = value;
      });
      const body = await request.text();
      receiver.record({ path: new URL(request.url).pathname, headers, body, receivedAt: new Date() });
      return new Response(null, { status: 204 });
    },
  };
}
