import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Store } from '@course-service/runtime';
import {
  type Core,
  createCore,
  type DependencyHealth,
  type OpenApiDocument,
  openApiDocument,
} from '@course-service/runtime';
import Koa, { type Middleware } from 'koa';
import type { Logger } from 'pino';
import {
  createDevIdentityProvider,
  DEV_AUDIENCE,
  DEV_ISSUER,
  type DevIdentityProvider,
} from './auth/dev-identity-provider.ts';
import { devIdentityRoutes } from './auth/dev-identity-routes.ts';
import { devOAuthRoutes } from './auth/dev-oauth/dev-oauth-routes.ts';
import { createIdTokenVerifier } from './auth/id-token-verifier.ts';
import { remoteJwks } from './auth/jwks-fetch.ts';
import { loadLocalSecret } from './auth/local-secret.ts';
import { assertSameSecret } from './auth/secret-fingerprint.ts';
import type { Config } from './config.ts';
import { dashboardRoutes } from './dashboard/dashboard-routes.ts';
import { requestFrame } from './http/request-frame.ts';
import { serverRoutes } from './http/server-routes.ts';
import { serviceMiddleware } from './http/service-middleware.ts';
import { mcpBrowserGuard } from './mcp/mcp-browser-guard.ts';
import { mcpProtocol } from './mcp/mcp-protocol.ts';
import { wellKnownRoutes } from './mcp/well-known-routes.ts';
import { createRateLimits } from './rate-limit/rate-limits.ts';
import { favicon } from './reference/favicon.ts';
import { landingPage } from './reference/landing-page.ts';
import { referenceRoutes } from './reference/reference-routes.ts';
import { createDevSecretScanner, type DevSecretScanner } from './security/dev-secret-scanner.ts';
import { devSecretScannerRoutes } from './security/dev-secret-scanner-routes.ts';
import { createReportKeys } from './security/report-keys.ts';
import { resolvingWebhookUrls } from './security/resolving-webhook-urls.ts';
import { NO_TELEMETRY, type Telemetry } from './telemetry/telemetry.ts';
import { startWebhookDelivery } from './webhooks/webhook-delivery.ts';

/** A built application: the Koa app, the core it runs, and what must be stopped with it. */
export interface App {
  koa: Koa;
  core: Core;
  /** The request listener to serve: Koa's. */
  handle: (req: IncomingMessage, res: ServerResponse) => void;
  /** Each dependency's state now (`database`, and `redis` when configured), as `GET /healthz` reports it. */
  health(): Promise<Record<string, DependencyHealth>>;
  /** Stops webhook delivery (waiting for attempts in flight), writes pending key-usage times and stops timers; the store is closed by its owner. */
  stop(): Promise<void>;
}

/** What {@link createApp} builds the application from. */
export interface AppOptions {
  config: Config;
  store: Store;
  logger: Logger;
  clock?: () => Date;
  middleware?: Middleware[];
  /** Metrics and traces (see `startTelemetry`); none by default. */
  telemetry?: Telemetry;
  /** The OpenAPI document to serve; the embedded `openapi.yaml` by default. */
  spec?: OpenApiDocument | undefined;
}

/**
 * Builds the application from its parts, with no global state: tests create as many as they like.
 * Refuses a key hashing secret other than the one `store` was first started with.
 * `middleware` is the extension point: each runs, in order, before the service, for every request
 * (API, MCP and dashboard alike), as Koa middleware does.
 *
 * @example
 * const app = await createApp({ config: loadConfig({ DATA_DIR: ':memory:' }), store, logger,
 *   middleware: [async (ctx, next) => { await next(); ctx.set('X-Served-By', 'us'); }] });
 */
export async function createApp(options: AppOptions): Promise<App> {
  const { config, store, logger } = options;
  const telemetry = options.telemetry ?? NO_TELEMETRY;
  const apiKeyHashSecret =
    config.apiKeyHashSecret ??
    loadLocalSecret(config.dataDir, 'api-key-hash-secret', () => randomBytes(32).toString('base64url'));
  await assertSameSecret(store, apiKeyHashSecret, config.apiKeyHashSecret !== undefined);
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
  // Without a scanner's keys URL (development only) the development scanner signs reports; its
  // key too is set up on first use.
  const { keysUrl } = config.secretScanning;
  let devScannerSetUp: DevSecretScanner | undefined;
  const devScanner = () => {
    devScannerSetUp ??= createDevSecretScanner(config.dataDir);
    return devScannerSetUp;
  };
  const rateLimits = await createRateLimits({
    ...config.rateLimit,
    keyCreation: config.keyCreationLimit,
    redis: config.redis,
    logger,
    redisProbe: telemetry.redisProbe,
  });
  const health: Record<string, () => Promise<DependencyHealth>> = {
    database: () => store.checkHealth(),
    ...(rateLimits.checkHealth && { redis: rateLimits.checkHealth }),
  };
  const spec = options.spec ?? openApiDocument;
  const core = await createCore({
    spec,
    store,
    rateLimits,
    idTokens,
    apiKeyHashSecret,
    apiKeyPrefix: config.apiKeyPrefix,
    bodyLimitBytes: config.bodyLimitBytes,
    masterKey: config.mcpMasterApiKey,
    reportKeys: keysUrl
      ? createReportKeys(keysUrl, config.jwksTimeoutMs)
      : { publicKey: (identifier) => devScanner().reportKeys.publicKey(identifier) },
    leakAction: config.secretScanning.action,
    webhookUrls: resolvingWebhookUrls({ allowPrivate: config.webhookAllowPrivateUrls }),
    health,
    protocols: {
      mcp: mcpProtocol({ document: spec, bodyLimitBytes: config.bodyLimitBytes, logger }),
    },
    ...(options.clock && { clock: options.clock }),
    log: logger,
    observer: telemetry.observer,
  });
  const koa = new Koa({ proxy: config.trustProxy });
  for (const middleware of telemetry.middleware) koa.use(middleware);
  koa.use(requestFrame({ newId: core.ids.requestId, logger }));
  for (const middleware of options.middleware ?? []) koa.use(middleware);
  const issueToken = async (subject: string) => (await devProvider()).issueToken(subject);
  // The development identity provider, and the development secret scanner: each only while no
  // real one is configured, which production requires of the first and defaults for the second.
  const devRoutes = [
    ...(identityProvider
      ? []
      : [
          devIdentityRoutes({
            issueToken,
            lifetimeSeconds: 3600,
            jwks: async () => (await devProvider()).jwks,
            bodyLimitBytes: config.bodyLimitBytes,
            logger,
          }),
        ]),
    ...(keysUrl
      ? []
      : [devSecretScannerRoutes({ scanner: devScanner, bodyLimitBytes: config.bodyLimitBytes, logger })]),
  ];
  const mounts = {
    '/': landingPage(),
    '/favicon.svg': favicon(),
    '/docs': referenceRoutes(),
    '/dashboard': dashboardRoutes(config),
    '/.well-known': wellKnownRoutes({ issuer: identityProvider?.issuer, trustProxy: config.trustProxy }),
    ...(devRoutes.length > 0 && { '/dev': chain(devRoutes) }),
    // The development identity provider's authorization server for MCP clients that sign in.
    ...(!identityProvider && {
      '/oauth': devOAuthRoutes({ issueToken, lifetimeSeconds: 3600, trustProxy: config.trustProxy }),
    }),
    ...telemetry.mounts,
  };
  koa.use(serverRoutes(mounts));
  koa.use(
    mcpBrowserGuard({
      core,
      allowedOrigins: config.mcpAllowedOrigins,
      listenHost: config.host,
      trustProxy: config.trustProxy,
    }),
  );
  const webhooks = startWebhookDelivery({
    settings: config.webhooks,
    allowPrivateUrls: config.webhookAllowPrivateUrls,
    store,
    logger,
    userAgent: `course-service-webhooks/${spec.info.version}`,
    clock: options.clock,
    probe: telemetry.webhookProbe,
  });
  koa.use(webhooks.nudge);
  koa.use(serviceMiddleware({ core }));
  koa.on('error', (err) => logger.debug({ err }, 'connection error'));
  return {
    koa,
    core,
    handle: koa.callback(),
    async health() {
      const names = Object.keys(health);
      const states = await Promise.all(
        names.map((name) => (health[name] as () => Promise<DependencyHealth>)()),
      );
      return Object.fromEntries(names.map((name, i) => [name, states[i] as DependencyHealth]));
    },
    async stop() {
      // Attempts in flight record their outcomes before the store closes.
      await webhooks.stop();
      await core.stop();
      await rateLimits.close();
    },
  };
}

/** Runs `routes` in turn, each passing what it does not answer to the next, then to `next`. */
function chain(routes: Middleware[]): Middleware {
  return (ctx, next) =>
    routes.reduceRight<() => Promise<unknown>>((rest, route) => () => route(ctx, rest), next)();
}
