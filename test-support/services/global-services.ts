import type { TestProject } from 'vitest/node';
import { localServices } from './local-services.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** The PostgreSQL admin URL and the Redis URL the PostgreSQL + Redis tests run on. */
    services: { postgresUrl: string; redisUrl: string };
  }
}

/**
 * Vitest global setup: decides once per run where PostgreSQL and Redis are (the local services,
 * or throwaway ones started here) and stops what it started when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const services = await localServices();
  project.provide('services', { postgresUrl: services.postgresUrl, redisUrl: services.redisUrl });
  return services.stop;
}
