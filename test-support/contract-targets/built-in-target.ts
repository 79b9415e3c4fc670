import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Middleware } from 'koa';
import { developmentScanner } from '../../contract-tests/targets/development-scanner.ts';
import type { Target } from '../../contract-tests/targets/target.ts';
import { startWebhookReceiver } from '../../contract-tests/webhooks/webhook-receiver.ts';
import { startServer } from '../../server/index.ts';
import { deleteRedisKeys } from '../services/redis-keys.ts';
import { startTestIdentityProvider } from './test-identity-provider.ts';

/** The quotas of the sibling started for the 429 checks. */
const SMALL_LIMITS = {
  RATE_LIMIT_MAX: '5',
  RATE_LIMIT_WINDOW_SECONDS: '2',
  AUTH_FAILURE_LIMIT_MAX: '3',
};

/** Failed authentication is effectively unlimited on the built-in server: the suite fails it on purpose. */
const UNLIMITED_AUTH_FAILURES = '1000000';

/** How the server's quotas compare with the defaults, for its name. */
function quotasOf(env: Record<string, string>): string {
  if (env.RATE_LIMIT_MAX === undefined) return 'default quotas';
  return Number(env.RATE_LIMIT_MAX) > 1000 ? 'quotas lifted' : 'small quotas';
}

/** Where the built-in server keeps its state: PostgreSQL and Redis when given, else sql.js and memory. */
interface BuiltInBackend {
  DATABASE_URL?: string | undefined;
  REDIS_URL?: string | undefined;
  /** Shared by the servers on one database, as every instance of a deployment must. */
  API_KEY_HASH_SECRET?: string | undefined;
  /** What each server's own Redis key prefix starts with (`course-contract-` by default). */
  REDIS_KEY_PREFIX?: string | undefined;
}

/**
 * The reference server, started in this process on an ephemeral loopback port with a throwaway data
 * directory, trusting a test identity provider whose signing key the suite holds. Failed
 * authentication is effectively unlimited, since the suite fails it on purpose many times.
 * `backend` puts it on PostgreSQL and Redis; each server then counts under a Redis key prefix of
 * its own, so the small-quota sibling never shares a counter with it, and deletes its keys as it
 * closes. `middleware` is mounted in front of the service, as an embedder mounts it. Webhook
 * endpoints may use private addresses (`WEBHOOK_ALLOW_PRIVATE_URLS`), so the server delivers to the
 * suite's receiver on loopback, polling for due deliveries often.
 *
 * @example
 * const target = await startBuiltInTarget();
 * await target.close();
 */
export async function startBuiltInTarget(
  env: Record<string, string> = {},
  backend: BuiltInBackend = {},
  middleware: Middleware[] = [],
): Promise<Target> {
  const secret = backend.API_KEY_HASH_SECRET ?? randomBytes(32).toString('base64url');
  const idp = await startTestIdentityProvider();
  const dataDir = await mkdtemp(join(tmpdir(), 'course-contract-'));
  const receiver = await startWebhookReceiver();
  const serverEnv: Record<string, string | undefined> = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100',
    AUTH_FAILURE_LIMIT_MAX: UNLIMITED_AUTH_FAILURES,
    IDP_ISSUER: idp.issuer,
    IDP_AUDIENCE: idp.audience,
    IDP_JWKS_URL: idp.jwksUrl,
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_POLL_MS: '50',
    ...backend,
    API_KEY_HASH_SECRET: secret,
    REDIS_KEY_PREFIX: `${backend.REDIS_KEY_PREFIX ?? 'course-contract-'}${randomBytes(6).toString('hex')}:`,
    ...env,
  };
  const server = await startServer({ env: serverEnv, middleware }).catch(async (error: unknown) => {
    // A server that cannot start (no such database) leaves nothing behind either.
    await Promise.allSettled([idp.close(), receiver.close(), rm(dataDir, { recursive: true, force: true })]);
    throw error;
  });
  const { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: keyPrefix } = serverEnv;
  return {
    name: `the built-in reference server (${server.url}, ${backend.DATABASE_URL ? 'PostgreSQL + Redis, ' : ''}${quotasOf(env)})`,
    baseUrl: server.url,
    fetch: (request) => fetch(request),
    signLeakReport: developmentScanner(server.url, (request) => fetch(request)),
    issueIdToken: (subject) => idp.sign({ sub: subject }),
    idp: { sign: idp.sign, jwks: idp.jwks },
    webhookUrl: receiver.newUrl('generic'),
    webhookReceiver: receiver,
    authFailurePolicy: {
      quota: Number(env.AUTH_FAILURE_LIMIT_MAX ?? UNLIMITED_AUTH_FAILURES),
      windowSeconds: Number(env.RATE_LIMIT_WINDOW_SECONDS ?? 60),
    },
    withSmallLimits: () =>
      startBuiltInTarget(SMALL_LIMITS, { ...backend, API_KEY_HASH_SECRET: secret }, middleware),
    unsupported: {},
    async close() {
      try {
        await server.close();
      } finally {
        await idp.close();
        await receiver.close();
        await rm(dataDir, { recursive: true, force: true });
        if (redisUrl && keyPrefix) await deleteRedisKeys(redisUrl, keyPrefix);
      }
    },
  };
}
