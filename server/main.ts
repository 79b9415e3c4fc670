#!/usr/bin/env node
import { ConfigError, loadConfig } from './config.ts';
import { listen } from './http-server.ts';
import { createLogger } from './logger.ts';

// The only place that reads process.env, listens on a configured port and handles signals.
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(78);
}
const logger = createLogger(config.logLevel);
// A start that cannot succeed (a data directory another process holds, a database that does not
// answer) ends with its one-line reason, not a stack trace.
const server = await listen(config, logger).catch((error: Error) => {
  logger.fatal({ err: error }, 'course-service could not start');
  process.stderr.write(`course-service could not start: ${error.message}\n`);
  process.exit(1);
});
logger.info({ url: server.url, dataDir: config.dataDir }, 'course-service listening');
if (!config.identityProvider) {
  logger.warn(
    { issuer: 'urn:course-service:dev-idp', token: `POST ${server.url}/dev/token {"sub":"<subject>"}` },
    'DEVELOPMENT MODE: built-in identity provider on; set IDP_ISSUER, IDP_AUDIENCE and IDP_JWKS_URL for a real one',
  );
}
if (config.mcpMasterApiKey) logger.info('MCP master key mode on');

const shutdown = (signal: string) => {
  logger.info({ signal }, 'shutting down: finishing in-flight requests and flushing storage');
  server.close().then(
    () => process.exit(0),
    (err) => {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    },
  );
};
process.once('SIGTERM', () => shutdown('SIGTERM'));
process.once('SIGINT', () => shutdown('SIGINT'));
