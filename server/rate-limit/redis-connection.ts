import { Redis } from 'ioredis';
import type { DependencyHealth } from '../../core/index.ts';

/** A Redis client for the rate limiters, with a health check that never hangs. */
export interface RedisConnection {
  client: Redis;
  /** Resolves once connected, or after `CONNECT_WAIT_MS` when Redis is away (limits then start on insurance). */
  ready: Promise<void>;
  checkHealth(): Promise<DependencyHealth>;
  close(): Promise<void>;
}

const PING_TIMEOUT_MS = 1000;
const CONNECT_WAIT_MS = 2000;

/**
 * Connects to `url` (`redis://[:password@]host:port[/db]`). Commands never wait in an offline
 * queue: while Redis is away they fail at once, and the rate limiters use their insurance limiter
 * instead of holding requests. The client keeps reconnecting in the background.
 */
export function connectRedis(url: string): RedisConnection {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    // Commands issued in one turn of the event loop (every request read together) share one write.
    enableAutoPipelining: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    // Back off up to 2 s between reconnects, forever: Redis coming back must be noticed.
    retryStrategy: (times) => Math.min(times * 100, 2000),
  });
  // Connection errors are reported by the health check; without a listener ioredis would crash the process.
  client.on('error', () => undefined);
  const ready = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, CONNECT_WAIT_MS);
    client.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return {
    client,
    ready,
    async checkHealth() {
      if (client.status !== 'ready') return { status: 'down', detail: 'Redis does not answer.' };
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), PING_TIMEOUT_MS);
      });
      try {
        await Promise.race([client.ping(), timeout]);
        return { status: 'up' };
      } catch {
        return { status: 'down', detail: 'Redis does not answer.' };
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      // quit() waits for Redis; when it is away, disconnect at once.
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}
