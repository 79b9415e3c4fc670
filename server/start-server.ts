import type { OpenApiDocument } from '@course-service/runtime';
import type { Middleware } from 'koa';
import { loadConfig } from './config.ts';
import { listen, type RunningServer } from './http-server.ts';
import { createLogger } from './logger.ts';

/**
 * Starts a server on an ephemeral loopback port, configured from `env` alone (the process
 * environment is not read): for tests, benchmarks and embedding. `spec` serves another OpenAPI
 * document than the embedded `openapi.yaml` (one whose operations the service has handlers for:
 * the same API with parts marked deprecated, say).
 *
 * @example
 * const server = await startServer({ env: { DATA_DIR: ':memory:', LOG_LEVEL: 'silent' } });
 * await fetch(`${server.url}/healthz`);
 * await server.close();
 */
export async function startServer(
  options: {
    env?: Record<string, string | undefined>;
    middleware?: Middleware[];
    spec?: OpenApiDocument;
  } = {},
): Promise<RunningServer> {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: ':memory:',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  return listen(config, createLogger(config.logLevel), options.middleware, options.spec);
}
