import { startWebhookReceiver } from '../webhooks/webhook-receiver.ts';
import { remoteTarget } from './remote-target.ts';
import type { Target } from './target.ts';

/**
 * The targets that run in this repository only (they start the reference server or the mocks from
 * source): loaded on demand by a computed path, so the published package, which leaves them out,
 * needs neither the server nor msw.
 */
const REPOSITORY_TARGETS = {
  server: './built-in-target.ts',
  mocks: './mocks-target.ts',
} as const;

type BuiltInBackend = { DATABASE_URL?: string | undefined; REDIS_URL?: string | undefined };
interface RepositoryTargets {
  server: { startBuiltInTarget(env: Record<string, string>, backend: BuiltInBackend): Promise<Target> };
  mocks: { mocksTarget(): Promise<Target> };
}

async function loadRepositoryTarget<Name extends keyof RepositoryTargets>(
  name: Name,
): Promise<RepositoryTargets[Name]> {
  const path: string = REPOSITORY_TARGETS[name];
  try {
    return (await import(path)) as RepositoryTargets[Name];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new Error(
      `The ${name === 'server' ? 'built-in reference server' : 'msw mocks'} target runs from the course-service repository only: give the server to check with --base-url (CONTRACT_BASE_URL).`,
    );
  }
}

/**
 * Chooses the target from the environment: `CONTRACT_TARGET=mocks` for the msw mocks,
 * `CONTRACT_BASE_URL` (with `CONTRACT_ID_TOKEN_URL`, `CONTRACT_ID_TOKEN_COMMAND`, `CONTRACT_JWKS_URL`,
 * `CONTRACT_WEBHOOK_URL`, without which the suite's webhook receiver listens on loopback)
 * for a running server, otherwise the built-in reference server (on PostgreSQL and Redis when
 * `CONTRACT_DATABASE_URL` and `CONTRACT_REDIS_URL` are set).
 *
 * @example
 * const target = await selectTarget(process.env);
 */
export async function selectTarget(env: Record<string, string | undefined>): Promise<Target> {
  if (env.CONTRACT_TARGET === 'mocks') return (await loadRepositoryTarget('mocks')).mocksTarget();
  if (env.CONTRACT_TARGET && env.CONTRACT_TARGET !== 'server') {
    throw new Error(`CONTRACT_TARGET must be 'server' or 'mocks', got '${env.CONTRACT_TARGET}'`);
  }
  if (!env.CONTRACT_BASE_URL) {
    return (await loadRepositoryTarget('server')).startBuiltInTarget(
      {},
      { DATABASE_URL: env.CONTRACT_DATABASE_URL, REDIS_URL: env.CONTRACT_REDIS_URL },
    );
  }
  const webhookUrl = env.CONTRACT_WEBHOOK_URL || undefined;
  return remoteTarget({
    baseUrl: env.CONTRACT_BASE_URL,
    idTokenUrl: env.CONTRACT_ID_TOKEN_URL || undefined,
    idTokenCommand: env.CONTRACT_ID_TOKEN_COMMAND || undefined,
    jwksUrl: env.CONTRACT_JWKS_URL || undefined,
    webhookUrl,
    webhookReceiver: webhookUrl ? undefined : await startWebhookReceiver(),
  });
}
