import { Redis } from 'ioredis';

/** Runs `use` on a connection of its own to the Redis at `url`, closed after. */
export async function withRedis<T>(url: string, use: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    return await use(redis);
  } finally {
    redis.disconnect();
  }
}

/**
 * Deletes every key under `prefix` on the Redis at `url`: what a server on a throwaway prefix
 * leaves behind (its quota windows expire on their own, but a test cleans up now).
 */
export function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  return withRedis(url, async (redis) => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  });
}
