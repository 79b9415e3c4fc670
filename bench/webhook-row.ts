// The bench's `webhook` row: our server with one webhook endpoint subscribed to `course.created`,
// posting to a loopback receiver in its own process (`servers/webhook-receiver.ts`), and the
// count of what it delivered around a measured run.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { type ChildServer, repoRoot, spawnServer } from './child-server.ts';
import type { LoadResult } from './load/types.ts';
import { requestJson } from './seed.ts';

/** Our server's settings for the row: the receiver is an http URL on loopback. */
export const webhookEnv = { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' };

/** How long the row waits for the deliveries still queued after a run before it gives up. */
const DRAIN_TIMEOUT_MS = 60_000;

/** Starts the receiver that answers every delivery 204 at once. */
export const startWebhookReceiver = (): Promise<ChildServer> =>
  spawnServer('bench/servers/webhook-receiver.ts');

/** What a bare node:http POST of an event's bytes costs in CPU, unsigned and signed (`webhook-post-floor.ts`). */
export interface WebhookFloor {
  posts: number;
  bareUs: number;
  signedUs: number;
}

/**
 * Runs `webhook-post-floor.ts` in a process of its own against the row's receiver, after the passes:
 * the CPU any delivery costs at least, measured in the same run as the row.
 */
export async function measureWebhookFloor(receiverUrl: string, posts: number): Promise<WebhookFloor> {
  const args = ['--import', 'tsx', 'bench/webhook-post-floor.ts', '--receiver', receiverUrl, '--json'];
  const { stdout } = await promisify(execFile)(process.execPath, [...args, '--posts', String(posts)], {
    cwd: repoRoot,
  });
  return JSON.parse(stdout) as WebhookFloor;
}

/** The row's endpoint: where our server is, the key that made it, its id and its receiver. */
export interface BenchEndpoint {
  serverUrl: string;
  key: string;
  id: string;
  receiverUrl: string;
}

/** Creates the endpoint through the API with the seeded key (which holds `webhooks:write`). */
export async function createBenchEndpoint(
  serverUrl: string,
  key: string,
  receiverUrl: string,
): Promise<BenchEndpoint> {
  const { id } = await requestJson<{ id: string }>('POST', `${serverUrl}/api/v1/webhook-endpoints`, {
    token: key,
    body: { url: `${receiverUrl}/bench`, description: 'bench', eventTypes: ['course.created'] },
    expect: 201,
  });
  return { serverUrl, key, id, receiverUrl };
}

async function receivedCount(receiverUrl: string): Promise<number> {
  const { received } = await requestJson<{ received: number }>('GET', receiverUrl, { expect: 200 });
  return received;
}

/**
 * The endpoint's deliveries not yet made (queued, or in flight), as our server counts them: its
 * delivery log filtered on `pending`, page by page. The load generator cannot count them: creates
 * still in flight when it stops are answered, and queue a delivery, after it has counted.
 */
async function pendingCount(endpoint: BenchEndpoint): Promise<number> {
  const log = `${endpoint.serverUrl}/api/v1/webhook-endpoints/${endpoint.id}/deliveries?status=pending&limit=100`;
  let count = 0;
  let cursor = '';
  for (;;) {
    const page = await requestJson<{ data: unknown[]; hasMore: boolean; nextCursor: string | null }>(
      'GET',
      log + cursor,
      { token: endpoint.key, expect: 200 },
    );
    count += page.data.length;
    if (!page.hasMore || !page.nextCursor) return count;
    cursor = `&cursor=${encodeURIComponent(page.nextCursor)}`;
  }
}

/** The creates a load run got answered as intended: each queued one delivery. */
const createsOf = (result: LoadResult): number => Math.max(0, result.total - result.non2xx);

/**
 * What the row delivered around its measured run: the creates answered in it, the deliveries the
 * receiver got during it, those not yet made at its start (after the warm-up's had drained, or
 * the wait gave up) and at its end (when not drained within the timeout: those made after it until
 * then), how long after it the last one came (undefined if not within the timeout), and the
 * server's CPU per answer from the run's start until then.
 */
export interface WebhookTally {
  answered: number;
  delivered: number;
  pendingAtStart: number;
  pendingAtEnd: number;
  drainMs: number | undefined;
  cpuUsPerAnswerDrained: number;
}

/** How long the receiver must get nothing before the row asks our server whether any delivery is pending. */
const QUIET_MS = 250;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Counts the deliveries of the row's endpoint around a measured run. */
export async function deliveryCounter(endpoint: BenchEndpoint, server: ChildServer) {
  const base = await receivedCount(endpoint.receiverUrl);
  const delivered = async (): Promise<number> => (await receivedCount(endpoint.receiverUrl)) - base;
  /**
   * Waits until no delivery is pending: polls the receiver (which costs our server nothing) until it
   * got nothing for a while, and only then asks our server. Resolves when the last one came (ms
   * after the call) and our server's CPU time then, or undefined after the timeout.
   */
  const drain = async (): Promise<{ ms: number; cpuMs: number } | undefined> => {
    const began = performance.now();
    let count = await delivered();
    let changedAt = began;
    while (performance.now() - began < DRAIN_TIMEOUT_MS) {
      await sleep(20);
      const now = await delivered();
      if (now !== count) {
        count = now;
        changedAt = performance.now();
      } else if (performance.now() - changedAt >= QUIET_MS) {
        const cpuMs = await server.cpuMs();
        if ((await pendingCount(endpoint)) === 0) return { ms: changedAt - began, cpuMs };
        changedAt = performance.now();
      }
    }
    return undefined;
  };
  return {
    /** Waits for the warm-up's deliveries before the measured run: what was delivered, what is pending. */
    async settle(): Promise<{ delivered: number; pending: number }> {
      await drain();
      return { delivered: await delivered(), pending: await pendingCount(endpoint) };
    },
    /**
     * After the measured run (`result`), begun at `start` (from `settle`) with `cpuMs` of CPU used.
     * What was pending at its end is what the receiver got after it, once drained: asking our
     * server then would cost CPU counted as the drain's.
     */
    async tally(
      result: LoadResult,
      start: { delivered: number; pending: number; cpuMs: number },
    ): Promise<WebhookTally> {
      const answered = createsOf(result);
      const atEnd = await delivered();
      const drained = await drain();
      const cpuMs = (drained?.cpuMs ?? (await server.cpuMs())) - start.cpuMs;
      return {
        answered,
        delivered: atEnd - start.delivered,
        pendingAtStart: start.pending,
        pendingAtEnd: (await delivered()) - atEnd,
        drainMs: drained?.ms,
        cpuUsPerAnswerDrained: (cpuMs * 1000) / answered,
      };
    },
  };
}
