import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Koa from 'koa';
import type { Logger } from 'pino';
import { createAuthenticator } from './auth/authenticator.ts';
import {
  createDevIdentityProvider,
  DEV_AUDIENCE,
  DEV_ISSUER,
  type DevIdentityProvider,
} from './auth/dev-identity-provider.ts';
import { createIdTokenVerifier } from './auth/id-token-verifier.ts';
import { remoteJwks } from './auth/jwks-fetch.ts';
import { createKeyHasher } from './auth/key-hasher.ts';
import { createLastUsedTracker } from './auth/last-used-tracker.ts';
import { loadLocalSecret } from './auth/local-secret.ts';
import type { Config } from './config.ts';
import { dashboardRoutes } from './dashboard/dashboard-routes.ts';
import { accessLog } from './http/access-log.ts';
import { apiDispatch } from './http/api-dispatch.ts';
import { devRoutes } from './http/dev-routes.ts';
import { errorMiddleware } from './http/error-middleware.ts';
import { fastLane } from './http/fast-lane.ts';
import { mountByPrefix } from './http/mount.ts';
import { buildOperationRouter } from './http/operation-router.ts';
import { buildOperationTable } from './http/operation-table.ts';
import { requestIdMiddleware } from './http/request-id.ts';
import { securityHeaders } from './http/security-headers.ts';
import { createSpecBackend } from './http/spec-backend.ts';
import { createIdempotency, IDEMPOTENCY_RETENTION_MS } from './idempotency/idempotency.ts';
import { mcpRoutes } from './mcp/mcp-routes.ts';
import { operations as handlers } from './operations/index.ts';
import { createKeyCreationLimit } from './rate-limit/key-creation-limit.ts';
import { createRateLimits } from './rate-limit/rate-limits.ts';
import { loadSpec } from './spec.ts';
import type { Store } from './store/store.ts';

/** A built application: the Koa app and what must be stopped with it. */
export interface App {
  koa: Koa;
  /** The request listener to serve: the fast lane for hot reads in front of Koa's callback. */
  handle: (req: IncomingMessage, res: ServerResponse) => void;
  /** Writes pending key-usage times and stops timers; the store is closed by its owner. */
  stop(): Promise<void>;
}

/**
 * Builds the application from its parts, with no global state: tests create as many as they like.
 *
 * @example const app = await createApp({ config: loadConfig({ DATA_DIR: ':memory:' }), store, logger });
 */
export async function createApp(options: {
  config: Config;
  store: Store;
  logger: Logger;
  clock?: () => Date;
}): Promise<App> {
  const { config, store, logger } = options;
  const clock = options.clock ?? (() => new Date());
  const spec = loadSpec();
  const operations = buildOperationTable(spec.document);
  const missing = [...operations.keys()].filter((id) => !(id in handlers));
  if (missing.length > 0) throw new Error(`operations without a handler: ${missing.join(', ')}`);

  const secret =
    config.apiKeyHashSecret ??
    loadLocalSecret(config.dataDir, 'api-key-hash-secret', () => randomBytes(32).toString('base64url'));
  const hasher = createKeyHasher(secret);
  const { identityProvider } = config;
  // Without an identity provider the development one signs tokens; it (its key, and jose) is set
  // up on first use, not at start-up.
  let devProviderSetUp: Promise<DevIdentityProvider> | undefined;
  const devProvider = () => {
    devProviderSetUp ??= createDevIdentityProvider(config.dataDir);
    return devProviderSetUp;
  };
  const idTokens = createIdTokenVerifier(
    identityProvider
      ? { ...identityProvider, keys: remoteJwks(new URL(identityProvider.jwksUrl), config.jwksTimeoutMs) }
      : {
          issuer: DEV_ISSUER,
          audience: DEV_AUDIENCE,
          keys: async (header, token) => (await devProvider()).keys(header, token),
        },
  );
  const lastUsed = createLastUsedTracker(store);
  const purge = () =>
    store.purgeIdempotentResponses(new Date(clock().getTime() - IDEMPOTENCY_RETENTION_MS).toISOString());
  await purge();
  const purgeTimer = setInterval(
    () => void purge().catch((err) => logger.warn({ err }, 'idempotency purge failed')),
    3600_000,
  );
  purgeTimer.unref();

  // Shared by the REST dispatcher and the MCP endpoint: one authentication, one rate-limit quota per key.
  const authenticator = createAuthenticator({ store, hasher, idTokens, lastUsed, clock });
  const rateLimits = await createRateLimits({
    ...config.rateLimit,
    keyCreation: config.keyCreationLimit,
    redis: config.redis,
  });
  const health = {
    database: () => store.checkHealth(),
    ...(rateLimits.checkHealth && { redis: rateLimits.checkHealth }),
  };
  const keyCreations = createKeyCreationLimit(rateLimits);
  const operationDeps = { store, clock, config, hasher, lastUsed, spec, health, keyCreations };
  const koa = new Koa({ proxy: config.trustProxy });
  koa.use(requestIdMiddleware(logger));
  if (logger.isLevelEnabled('info')) koa.use(accessLog);
  koa.use(errorMiddleware);
  koa.use(securityHeaders);
  const router = buildOperationRouter(await createSpecBackend(spec.document), operations);
  void router.compileInBackground();
  const api = apiDispatch({
    router,
    handlers,
    authenticator,
    rateLimits,
    idempotency: createIdempotency(store, clock, (err) => logger.warn({ err }, 'idempotency release failed')),
    operationDeps,
  });
  koa.use(
    mountByPrefix(
      {
        ...(!identityProvider && { '/dev': devRoutes(devProvider, config.bodyLimitBytes) }),
        '/dashboard': dashboardRoutes(config),
        '/mcp': mcpRoutes({ authenticator, rateLimits, handlers, operationDeps }),
      },
      api,
    ),
  );
  koa.on('error', (err) => logger.debug({ err }, 'connection error'));
  const handle = fastLane({
    router,
    handlers,
    authenticator,
    rateLimits,
    operationDeps,
    logger,
    next: koa.callback(),
  });
  return {
    koa,
    handle,
    async stop() {
      router.stop();
      clearInterval(purgeTimer);
      await lastUsed.stop();
      await rateLimits.close();
    },
  };
}
