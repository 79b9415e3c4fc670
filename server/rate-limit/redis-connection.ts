import type { DependencyHealth } from '@course-service/runtime';
import { Redis } from 'ioredis';
import { createOutageLog } from '../outages/outage-log.ts';
import { NO_REDIS_PROBE, type RedisProbe } from './redis-probe.ts';

/** A Redis client for the rate limiters, with a health check that never hangs. */
export interface RedisConnection {
  client: Redis;
  /** Resolves once connected, or after `CONNECT_WAIT_MS` when Redis is away (limits then start on insurance). */
  ready: Promise<void>;
  checkHealth(): Promise<DependencyHealth>;
  close(): Promise<void>;
}

const PING_TIMEOUT_MS = 1000;
const COMMAND_TIMEOUT_MS = 500;

/** The logging the connection needs; pino's logger fits it. */
interface RedisLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

const SILENT: RedisLogger = { info() {}, warn() {} };
const CONNECT_WAIT_MS = 2000;

/**
 * Connects to `url` (`redis://[:password@]host:port[/db]`). Commands never wait in an offline
 * queue: while Redis is away they fail at once, and the rate limiters use their insurance limiter
 * instead of holding requests. The client keeps reconnecting in the background.
 */
export function connectRedis(
  url: string,
  logger: RedisLogger = SILENT,
  probe: RedisProbe = NO_REDIS_PROBE,
): RedisConnection {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    // Commands issued in one turn of the event loop (every request read together) share one write.
    enableAutoPipelining: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    // A Redis that stops answering on an open connection must not hold requests: the command fails
    // and the limiter answers from its insurance instead.
    commandTimeout: COMMAND_TIMEOUT_MS,
    // Back off up to 2 s between reconnects, forever: Redis coming back must be noticed.
    retryStrategy: (times) => Math.min(times * 100, 2000),
  });
  // One line when Redis goes away and one when it is back; without an error listener ioredis would
  // crash the process, and the health check reports the outage meanwhile.
  const outage = createOutageLog(logger, 'redis', "rate limits fall back to this instance's memory");
  client.on('error', (err) => {
    probe.failed();
    outage.failed(err);
  });
  // Not ready, the limiters answer from their insurance: this instance's memory.
  probe.watchFallback(() => client.status !== 'ready');
  client.on('close', () => {
    if (client.status !== 'end') outage.failed(new Error('connection closed'));
  });
  client.on('ready', () => outage.succeeded());
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
