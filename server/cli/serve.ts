import { type Config, loadConfig } from '../config.ts';
import { listen, type RunningServer } from '../http-server.ts';
import { createLogger, type LogFormat } from '../logger.ts';
import type { CliContext, Command } from './usage.ts';

const HELP = `Usage: course-service [serve]

Runs the Course Management Service: the API (/api/v1), its OpenAPI description (/api/openapi),
the API reference (/docs), the key dashboard (/dashboard), the MCP endpoint (/mcp) and /healthz.
Configured by environment variables (every one is in the "Configuration" section of this
package's README.md; course-service check-config checks them). SIGTERM or SIGINT stop it gracefully: no new connections, in-flight requests
finish (up to SHUTDOWN_TIMEOUT_MS), storage is flushed.`;

/** Where a listening server answers, for the start-up lines. */
function urlsOf(server: RunningServer) {
  return {
    api: `${server.url}/api/v1`,
    docs: `${server.url}/docs`,
    dashboard: `${server.url}/dashboard/`,
    mcp: `${server.url}/mcp`,
    openapi: `${server.url}/api/openapi`,
    health: `${server.url}/healthz`,
  };
}

/** The storage, as the start-up line names it (never a password). */
function storageOf(config: Config): string {
  if (!config.database) {
    return config.dataDir === ':memory:' ? 'sql.js in memory (nothing kept)' : `sql.js in ${config.dataDir}`;
  }
  const url = new URL(config.database.url);
  return `PostgreSQL at ${url.host}${url.pathname}`;
}

/**
 * `course-service serve` (also the default command): listens, logs where to find everything and
 * how each dependency is, and stops gracefully on `SIGTERM`/`SIGINT`. Resolves once listening; the
 * process then lives until a signal.
 */
export const serveCommand: Command = {
  help: HELP,
  run: (_args, context) => serve(context),
};

async function serve({ env, isTerminal, err }: CliContext): Promise<number> {
  const config = loadConfig(env);
  const format: LogFormat = config.logFormat === 'auto' ? (isTerminal ? 'pretty' : 'json') : config.logFormat;
  const logger = createLogger(config.logLevel, { format });
  let server: RunningServer;
  try {
    server = await listen(config, logger);
  } catch (error) {
    // A start that cannot succeed (a data directory another process holds, a database that does
    // not answer in time) ends with its reason, once, on standard error, not a stack trace.
    err(`course-service could not start: ${(error as Error).message}\n`);
    return 1;
  }
  const urls = urlsOf(server);
  logger.info(
    { url: server.url, ...urls },
    `course-service listening on ${server.url}: API ${urls.api}, docs ${urls.docs}, dashboard ${urls.dashboard}, MCP ${urls.mcp}`,
  );
  const health = await server.health();
  for (const [name, state] of Object.entries(health)) {
    const what =
      name === 'database'
        ? storageOf(config)
        : config.redis
          ? `Redis at ${new URL(config.redis.url).host}`
          : name;
    if (state.status === 'up') logger.info({ dependency: name, ...state }, `${name}: ${what}, up`);
    else if (name === 'redis') {
      logger.warn(
        { dependency: name, ...state },
        `${name}: ${what} does not answer; rate limits are kept per instance until it does`,
      );
    } else
      logger.warn(
        { dependency: name, ...state },
        `${name}: ${what} does not answer; the API answers 503 until it does`,
      );
  }
  if (!config.redis)
    logger.info('rate limits: in this process (set REDIS_URL to share them between instances)');
  if (!config.identityProvider) {
    logger.warn(
      { issuer: 'urn:course-service:dev-idp', token: `POST ${server.url}/dev/token {"sub":"<subject>"}` },
      'DEVELOPMENT MODE: built-in identity provider on; set IDP_ISSUER, IDP_AUDIENCE and IDP_JWKS_URL for a real one',
    );
  }
  if (!config.secretScanning.keysUrl) {
    logger.warn(
      {
        publicKeys: `GET ${server.url}/dev/secret-scanning/public-keys`,
        signature: `POST ${server.url}/dev/secret-scanning/signature <report>`,
      },
      'DEVELOPMENT MODE: built-in secret scanner signs leaked-key reports; set SECRET_SCANNING_KEYS_URL for a real one',
    );
  }
  if (config.webhookAllowPrivateUrls) {
    logger.warn(
      'webhooks: endpoints may use http and private addresses (set WEBHOOK_ALLOW_PRIVATE_URLS=false to refuse them)',
    );
  }
  logger.info(
    `MCP master key: ${config.mcpMasterApiKey ? 'on' : 'off (set MCP_MASTER_API_KEY to turn it on)'}`,
  );
  logMonitoring(config, server, logger);
  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down: finishing in-flight requests and flushing storage');
    server.close().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (err) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  return 0;
}

const LOOPBACK = /^(127\.|::1$|localhost$)/;

/** Where metrics are and whether traces are exported; a warning when metrics share a public port. */
function logMonitoring(config: Config, server: RunningServer, logger: ReturnType<typeof createLogger>): void {
  if (!server.metricsUrl) logger.info('metrics: off (set METRICS=on to serve /metrics)');
  else if (config.metrics?.port === undefined && !LOOPBACK.test(config.host)) {
    logger.warn(
      { metrics: server.metricsUrl },
      `metrics: ${server.metricsUrl}, on the API's port at ${config.host} with no credential: anyone who reaches the API reaches them; set METRICS_PORT to serve them apart`,
    );
  } else logger.info({ metrics: server.metricsUrl }, `metrics: ${server.metricsUrl}`);
  if (config.tracing)
    logger.info({ endpoint: config.tracing.endpoint }, `traces: OTLP/HTTP to ${config.tracing.endpoint}`);
}
