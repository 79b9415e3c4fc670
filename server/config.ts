import { isValidKeyPrefix } from '@course-service/runtime/domain/api-key-format';
import {
  DEFAULT_WEBHOOK_RETRY_SCHEDULE,
  parseWebhookRetrySchedule,
} from '@course-service/runtime/domain/webhook-schedule';
import { DEFAULT_WEBHOOK_TIMEOUT_MS } from '@course-service/runtime/webhooks';

/** Everything the server is configured with, validated. */
export interface Config {
  port: number;
  host: string;
  /** Directory for the database, journal and development keys; `:memory:` keeps nothing. */
  dataDir: string;
  production: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** `json`, `pretty`, or `auto`: pretty when the output is a terminal, JSON otherwise. */
  logFormat: 'json' | 'pretty' | 'auto';
  apiKeyPrefix: string;
  /** Secret for the keyed hash of API keys; `undefined` in development, where one is kept in the data dir. */
  apiKeyHashSecret: string | undefined;
  /** The external identity provider, or `undefined` to run the built-in development one. */
  identityProvider: { issuer: string; audience: string; jwksUrl: string } | undefined;
  /** The dashboard's OpenID Connect client id (`DASHBOARD_OIDC_CLIENT_ID`, default: the audience); unset without a provider. */
  dashboardOidcClientId: string | undefined;
  rateLimit: { max: number; windowSeconds: number; authFailureMax: number };
  bodyLimitBytes: number;
  trustProxy: boolean;
  mcpMasterApiKey: string | undefined;
  /** Origins allowed to call `/mcp` from a browser; others are refused. */
  mcpAllowedOrigins: string[];
  shutdownTimeoutMs: number;
  /** How long a client may take to send a request's headers, then its whole request (slow-loris defence). */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /** How long one fetch of the identity provider's JWKS may take before the token is refused. */
  jwksTimeoutMs: number;
  /**
   * Leaked-key reports: where the scanner publishes its keys (`undefined`: the built-in development
   * scanner, in development only), and what a reported active key gets.
   */
  secretScanning: { keysUrl: string | undefined; action: 'revoke' | 'flag' };
  /** Whether webhook URLs may be `http` and reach private and loopback addresses (on by default in development). */
  webhookAllowPrivateUrls: boolean;
  /** API keys one subject may create per window (a sensitive business flow). */
  keyCreationLimit: { max: number; windowSeconds: number };
  /** PostgreSQL for all state (`DATABASE_URL`); `undefined` keeps the embedded sql.js store in `dataDir`. */
  database: { url: string; poolSize: number; waitSeconds: number } | undefined;
  /** Redis for rate limits shared by every instance (`REDIS_URL`); `undefined` keeps them in memory. */
  redis: { url: string; keyPrefix: string } | undefined;
  /**
   * Prometheus metrics at `/metrics` (`METRICS=on`): on the API's port, or, with `METRICS_PORT`,
   * on that port at `METRICS_HOST` (default loopback) and not on the API's; `undefined` when off.
   */
  metrics: { port: number; host: string } | { port: undefined; host: undefined } | undefined;
  /** OpenTelemetry traces over OTLP/HTTP (`OTEL_EXPORTER_OTLP_ENDPOINT`); `undefined` loads nothing of it. */
  tracing: { endpoint: string; serviceName: string } | undefined;
  /** Webhook delivery: an attempt's deadline, the retry waits in seconds, the poll interval. */
  webhooks: {
    timeoutMs: number;
    retrySchedule: readonly number[];
    pollMs: number;
  };
}

/** Raised when the environment is invalid; lists every problem at once. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Reads and validates the configuration from environment variables (see the README's table).
 * Pure: pass `process.env` or any record. Throws one {@link ConfigError} naming every bad variable.
 *
 * @example const config = loadConfig({ DATA_DIR: ':memory:', PORT: '0' });
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const problems: string[] = [];
  const text = (name: string, fallback: string) => env[name]?.trim() || fallback;
  const integer = (name: string, fallback: number, min: number, max: number) => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer from ${min} to ${max}, got '${raw}'`);
      return fallback;
    }
    return value;
  };
  const flag = (name: string, fallback = false) => {
    const raw = env[name]?.trim().toLowerCase();
    if (raw === undefined || raw === '') return fallback;
    if (raw === 'false' || raw === '0') return false;
    if (raw === 'true' || raw === '1') return true;
    problems.push(`${name} must be 'true' or 'false', got '${env[name]}'`);
    return fallback;
  };

  const production = env.NODE_ENV === 'production';
  const logLevel = text('LOG_LEVEL', 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel))
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got '${logLevel}'`);
  const logFormat = text('LOG_FORMAT', 'auto') as Config['logFormat'];
  if (!['json', 'pretty', 'auto'].includes(logFormat))
    problems.push(`LOG_FORMAT must be json, pretty or auto, got '${logFormat}'`);
  // In development, unset, the built-in development scanner signs reports (as the development
  // identity provider signs tokens): GitHub's keys need the internet, and sign nothing a test can.
  const secretScanningKeysUrl =
    env.SECRET_SCANNING_KEYS_URL?.trim() ||
    (production ? 'https://api.github.com/meta/public_keys/secret_scanning' : undefined);
  if (secretScanningKeysUrl !== undefined && !URL.canParse(secretScanningKeysUrl))
    problems.push(`SECRET_SCANNING_KEYS_URL must be an absolute URL, got '${secretScanningKeysUrl}'`);
  const secretScanningAction = text('SECRET_SCANNING_ACTION', 'revoke') as 'revoke' | 'flag';
  if (secretScanningAction !== 'revoke' && secretScanningAction !== 'flag')
    problems.push(`SECRET_SCANNING_ACTION must be revoke or flag, got '${secretScanningAction}'`);
  const apiKeyPrefix = text('API_KEY_PREFIX', 'cms');
  if (!isValidKeyPrefix(apiKeyPrefix)) {
    problems.push(
      `API_KEY_PREFIX must be a lowercase letter then 1-9 lowercase letters or digits, got '${apiKeyPrefix}'`,
    );
  }
  const apiKeyHashSecret = env.API_KEY_HASH_SECRET?.trim() || undefined;
  if (apiKeyHashSecret !== undefined && apiKeyHashSecret.length < 32) {
    problems.push('API_KEY_HASH_SECRET must be at least 32 characters');
  }
  if (production && apiKeyHashSecret === undefined)
    problems.push('API_KEY_HASH_SECRET is required when NODE_ENV=production');

  const idpNames = ['IDP_ISSUER', 'IDP_AUDIENCE', 'IDP_JWKS_URL'] as const;
  const idpSet = idpNames.filter((name) => env[name]?.trim());
  let identityProvider: Config['identityProvider'];
  if (idpSet.length > 0 && idpSet.length < idpNames.length) {
    problems.push(
      `${idpNames.filter((n) => !idpSet.includes(n)).join(', ')} must be set together with ${idpSet.join(', ')}`,
    );
  } else if (idpSet.length === idpNames.length) {
    const jwksUrl = text('IDP_JWKS_URL', '');
    if (!URL.canParse(jwksUrl)) problems.push(`IDP_JWKS_URL must be an absolute URL, got '${jwksUrl}'`);
    identityProvider = { issuer: text('IDP_ISSUER', ''), audience: text('IDP_AUDIENCE', ''), jwksUrl };
  } else if (production) {
    problems.push('IDP_ISSUER, IDP_AUDIENCE and IDP_JWKS_URL are required when NODE_ENV=production');
  }

  const mcpAllowedOrigins = text('MCP_ALLOWED_ORIGINS', '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of mcpAllowedOrigins) {
    if (!URL.canParse(origin)) problems.push(`MCP_ALLOWED_ORIGINS has an invalid origin '${origin}'`);
  }

  const databaseUrl = text('DATABASE_URL', '');
  if (databaseUrl && !/^postgres(ql)?:\/\/./.test(databaseUrl)) {
    problems.push("DATABASE_URL must be a 'postgres://' or 'postgresql://' URL");
  }
  const redisUrl = text('REDIS_URL', '');
  if (redisUrl && !/^rediss?:\/\/./.test(redisUrl)) {
    problems.push("REDIS_URL must be a 'redis://' or 'rediss://' URL");
  }
  const redisKeyPrefix = text('REDIS_KEY_PREFIX', 'course-service:');
  if (!/^[\w:.-]{1,64}$/.test(redisKeyPrefix)) {
    problems.push(
      `REDIS_KEY_PREFIX must be 1-64 letters, digits, '_', ':', '.' or '-', got '${redisKeyPrefix}'`,
    );
  }
  const databasePoolSize = integer('DATABASE_POOL_SIZE', 10, 1, 1000);
  const port = integer('PORT', 3000, 0, 65535);
  const metrics = metricsOf(env, port, problems, integer);
  const tracing = tracingOf(env, problems);
  const databaseWaitSeconds = integer('DATABASE_WAIT_SECONDS', 30, 0, 3600);
  const retrySchedule = parseWebhookRetrySchedule(
    text('WEBHOOK_RETRY_SCHEDULE', DEFAULT_WEBHOOK_RETRY_SCHEDULE.join(',')),
  );
  if (typeof retrySchedule === 'string') problems.push(`WEBHOOK_RETRY_SCHEDULE must be ${retrySchedule}`);

  const config: Config = {
    port,
    host: text('HOST', '127.0.0.1'),
    dataDir: text('DATA_DIR', './data'),
    production,
    logLevel,
    logFormat,
    apiKeyPrefix,
    apiKeyHashSecret,
    identityProvider,
    dashboardOidcClientId: identityProvider
      ? text('DASHBOARD_OIDC_CLIENT_ID', identityProvider.audience)
      : undefined,
    rateLimit: {
      max: integer('RATE_LIMIT_MAX', 100, 1, 1_000_000_000),
      windowSeconds: integer('RATE_LIMIT_WINDOW_SECONDS', 60, 1, 86_400),
      authFailureMax: integer('AUTH_FAILURE_LIMIT_MAX', 20, 1, 1_000_000_000),
    },
    bodyLimitBytes: integer('BODY_LIMIT_BYTES', 65_536, 1024, 10_485_760),
    trustProxy: flag('TRUST_PROXY'),
    mcpMasterApiKey: env.MCP_MASTER_API_KEY?.trim() || undefined,
    mcpAllowedOrigins,
    shutdownTimeoutMs: integer('SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    headersTimeoutMs: integer('HEADERS_TIMEOUT_MS', 20_000, 100, 600_000),
    requestTimeoutMs: integer('REQUEST_TIMEOUT_MS', 60_000, 100, 3_600_000),
    jwksTimeoutMs: integer('IDP_JWKS_TIMEOUT_MS', 5_000, 100, 60_000),
    secretScanning: { keysUrl: secretScanningKeysUrl, action: secretScanningAction },
    // A development server delivers to receivers on the developer's machine, as development tools
    // do; an explicit `false` still turns it off.
    webhookAllowPrivateUrls: flag('WEBHOOK_ALLOW_PRIVATE_URLS', !production),
    keyCreationLimit: {
      max: integer('KEY_CREATION_LIMIT_MAX', 20, 1, 1_000_000_000),
      windowSeconds: integer('KEY_CREATION_WINDOW_SECONDS', 3600, 1, 86_400),
    },
    database: databaseUrl
      ? { url: databaseUrl, poolSize: databasePoolSize, waitSeconds: databaseWaitSeconds }
      : undefined,
    redis: redisUrl ? { url: redisUrl, keyPrefix: redisKeyPrefix } : undefined,
    metrics,
    tracing,
    webhooks: {
      timeoutMs: integer('WEBHOOK_TIMEOUT_MS', DEFAULT_WEBHOOK_TIMEOUT_MS, 100, 120_000),
      retrySchedule: typeof retrySchedule === 'string' ? DEFAULT_WEBHOOK_RETRY_SCHEDULE : retrySchedule,
      pollMs: integer('WEBHOOK_POLL_MS', 1000, 10, 60_000),
    },
  };
  // Node refuses a request timeout shorter than the headers timeout.
  if (config.requestTimeoutMs < config.headersTimeoutMs)
    problems.push('REQUEST_TIMEOUT_MS must not be shorter than HEADERS_TIMEOUT_MS');
  if (config.mcpMasterApiKey !== undefined && config.mcpMasterApiKey.length < 32) {
    problems.push('MCP_MASTER_API_KEY must be at least 32 characters (or unset to turn master mode off)');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** `METRICS`, `METRICS_PORT` and `METRICS_HOST`: a setting that would do nothing is a problem. */
function metricsOf(
  env: Record<string, string | undefined>,
  apiPort: number,
  problems: string[],
  integer: (name: string, fallback: number, min: number, max: number) => number,
): Config['metrics'] {
  const mode = env.METRICS?.trim().toLowerCase() || 'off';
  const portSet = Boolean(env.METRICS_PORT?.trim());
  const host = env.METRICS_HOST?.trim();
  if (mode !== 'on' && mode !== 'off') problems.push(`METRICS must be 'on' or 'off', got '${env.METRICS}'`);
  if (mode !== 'on') {
    if (portSet || host) problems.push('METRICS_PORT and METRICS_HOST need METRICS=on');
    return undefined;
  }
  if (!portSet) {
    if (host) problems.push('METRICS_HOST needs METRICS_PORT (without it, metrics are on the API port)');
    return { port: undefined, host: undefined };
  }
  const port = integer('METRICS_PORT', 0, 0, 65535);
  if (port !== 0 && port === apiPort) problems.push(`METRICS_PORT must differ from PORT (${apiPort})`);
  return { port, host: host || '127.0.0.1' };
}

/** `OTEL_EXPORTER_OTLP_ENDPOINT` (an http(s) URL) and `OTEL_SERVICE_NAME`. */
function tracingOf(env: Record<string, string | undefined>, problems: string[]): Config['tracing'] {
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  const serviceName = env.OTEL_SERVICE_NAME?.trim();
  if (!endpoint) {
    if (serviceName) problems.push('OTEL_SERVICE_NAME needs OTEL_EXPORTER_OTLP_ENDPOINT');
    return undefined;
  }
  if (!/^https?:\/\/./.test(endpoint) || !URL.canParse(endpoint)) {
    problems.push(`OTEL_EXPORTER_OTLP_ENDPOINT must be an 'http://' or 'https://' URL, got '${endpoint}'`);
    return undefined;
  }
  const url = new URL(endpoint);
  if (url.username || url.password) {
    // It is logged at start-up; a collector's credentials go in a header the exporter reads itself.
    problems.push('OTEL_EXPORTER_OTLP_ENDPOINT must not hold credentials: set OTEL_EXPORTER_OTLP_HEADERS');
    return undefined;
  }
  if (url.search || url.hash) {
    // The exporter appends /v1/traces to the endpoint: a query would swallow it, and may hold a token.
    problems.push(
      'OTEL_EXPORTER_OTLP_ENDPOINT must have no query or fragment: a token goes in OTEL_EXPORTER_OTLP_HEADERS',
    );
    return undefined;
  }
  return { endpoint, serviceName: serviceName || 'course-service' };
}
